/* Checked mode's bounds check of the memory built-ins (KILN_CHECK=bounds;
 * docs/checked_mode.md).
 *
 * kiln-check-bounds checks the loads and stores of the program's own code,
 * tagged before kernel-lib is linked in; a built-in such as vload4 or
 * atomic_inc reaches memory through kernel-lib's code, which is trusted
 * and not tagged.  So before kernel-lib is linked, while each built-in is
 * still a call, the program's calls of the built-ins that access memory
 * through a pointer argument get a guard:
 *
 *     %ok = call i1 @__kiln_check_range.pN(ptr addrspace(N) %at, i64 bytes, i32 write)
 *     br i1 %ok, label %call, label %skip      ; the built-in runs only when ok
 *     ...  %r = phi [ %result, %call ], [ zeroinitializer, %skip ]
 *
 * kiln-check-bounds then treats each marker as an access of `bytes` bytes
 * at %at (the object around it, the group precheck, the record of a
 * failure) and replaces it by its verdict.  Which bytes each built-in
 * touches is a table (OpenCL C 3.0 §6.15.11 vector data load and store,
 * §6.15.12 atomics, §6.15.13 async copies and cl_khr_extended_async_copies),
 * keyed by the built-in's unmangled name; the element's size is read from
 * the mangled name.  An async copy touches a range on each side whose
 * size is known only at run time; every element it copies lies between
 * the first and the last of its side (strides are unsigned), so it is
 * checked as those two elements, under a test that the copy is not
 * empty (an empty copy touches nothing, wherever its pointers point):
 *
 *     %ne = icmp ne i64 %n, 0
 *     br i1 %ne, label %ranges, label %join0
 *   ranges:                 ; a marker for the first and the last element
 *     ...                   ; of the destination and of the source, and-ed
 *   join0:
 *     %ok = phi i1 [ true, %entry ], [ %all, %ranges ]
 *
 * Not covered: prefetch (a hint that touches no memory here), image
 * built-ins (their coordinates are clamped or their writes dropped in
 * kernel-lib), pipe built-ins (the pipe's own ring, which the runtime
 * sized) and the expected-value pointer of atomic_compare_exchange.
 * Assumes: the program is not linked with kernel-lib yet (built-ins are
 * declarations). */
#include "compiler/check_passes.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <cctype>
#include <cstring>
#include <string>

namespace kiln {

const char *const check_range_marker = "__kiln_check_range";

/* The unmangled name of an Itanium-mangled free function (_Z<len><name>),
 * or "". */
static std::string plain_name(llvm::StringRef m)
{
	if (!m.consume_front("_Z") || m.empty() || !isdigit((unsigned char)m[0]))
		return "";
	size_t len = 0, i = 0;
	while (i < m.size() && isdigit((unsigned char)m[i]))
		len = len * 10 + (m[i++] - '0');
	return i + len <= m.size() ? m.substr(i, len).str() : "";
}

enum class form {
	none,
	vload,      /* (offset, p) -> gentypeN: N elements at p + offset * N */
	vstore,     /* (data, offset, p) */
	vload_half, /* (offset, p) -> float or floatN: N halves */
	vstore_half,/* (data, offset, p): N halves */
	atomic,     /* (p, ...): one value at p */
	async_copy, /* (dst, src, n, event): n elements each side */
	async_strided, /* (dst, src, n, stride, event): the global side strided */
	async_2d,   /* cl_khr_extended_async_copies' 2D2D */
	async_3d,   /* and 3D3D */
};

/* The form of built-in `n`, and for vload/vstore of halves whether it is
 * the aligned (vloada_) kind, whose 3-vectors step by 4. */
static form form_of(const std::string &n, bool &aligned)
{
	aligned = false;
	auto starts = [&](const char *p) { return n.compare(0, strlen(p), p) == 0; };
	auto digits_after = [&](size_t at) {
		for (size_t i = at; i < n.size(); i++)
			if (!isdigit((unsigned char)n[i]))
				return false;
		return at < n.size();
	};
	if (starts("vloada_half") || starts("vstorea_half"))
		aligned = true;
	if (starts("vload_half") || starts("vloada_half"))
		return form::vload_half;
	if (starts("vstore_half") || starts("vstorea_half"))
		return form::vstore_half;
	if (starts("vload") && digits_after(5))
		return form::vload;
	if (starts("vstore") && digits_after(6))
		return form::vstore;
	if (n == "async_work_group_copy")
		return form::async_copy;
	if (n == "async_work_group_strided_copy")
		return form::async_strided;
	if (n == "async_work_group_copy_2D2D")
		return form::async_2d;
	if (n == "async_work_group_copy_3D3D")
		return form::async_3d;
	if (starts("atomic_") || starts("atom_")) {
		/* not the ones without a memory operand */
		if (n == "atomic_work_item_fence" || starts("atomic_init"))
			return form::none;
		return form::atomic;
	}
	return form::none;
}


/* The vector length a vload/vstore name ends with ("vstore3", "vload_half4",
 * "vstorea_half3_rte"), 1 when none: 3-vectors are passed as 4-vectors
 * (char3 as <4 x i8>), so the length comes from the name. */
static unsigned name_lanes(const std::string &n)
{
	size_t at = n.find("_half");
	at = at == std::string::npos ? (n.compare(0, 5, "vload") == 0 ? 5 : 6) : at + 5;
	unsigned k = 0;
	while (at < n.size() && isdigit((unsigned char)n[at]))
		k = k * 10 + (unsigned)(n[at++] - '0');
	return k ? k : 1;
}

/* The bytes of the builtin type whose Itanium code starts `s` (c, a, h:
 * 1; s, t, Dh: 2; i, j, f: 4; l, m, d: 8), or 0 for any other. */
static unsigned code_bytes(llvm::StringRef s)
{
	if (s.startswith("Dh"))
		return 2;
	if (s.empty())
		return 0;
	switch (s[0]) {
	case 'c': case 'a': case 'h': return 1;
	case 's': case 't': return 2;
	case 'i': case 'j': case 'f': return 4;
	case 'l': case 'm': case 'd': return 8;
	default: return 0;
	}
}

/* The bytes of the type whose Itanium code starts `s`: a builtin type or
 * a vector of one (Dv<N>_<code>; 3-vectors take the room of 4), 0 for
 * any other. */
static unsigned type_bytes(llvm::StringRef s)
{
	if (!s.consume_front("Dv"))
		return code_bytes(s);
	unsigned n = 0;
	while (!s.empty() && isdigit((unsigned char)s[0])) {
		n = n * 10 + (unsigned)(s[0] - '0');
		s = s.drop_front(1);
	}
	if (!s.consume_front("_"))
		return 0;
	return (n == 3 ? 4 : n) * code_bytes(s);
}

/* The bytes of the element a built-in's pointer parameter points to,
 * read from its mangled name, not from the IR types: x86-64's calling
 * convention passes and returns small vectors as other types (a float2
 * as a double, a ushort4 as an i64).  vload/vstore: the pointer is the
 * last parameter, so its pointee's builtin code ends the name (builtin
 * types are never substituted); atomics: the first parameter, after its
 * qualifiers (U3AS1, V, K, U7_Atomic).  0 when neither is a builtin
 * type. */
static unsigned pointee_bytes(llvm::StringRef m, bool first)
{
	if (!first) {
		if (m.endswith("Dh"))
			return 2;
		return m.empty() ? 0 : code_bytes(m.take_back(1));
	}
	/* skip _Z<len><name> */
	if (!m.consume_front("_Z"))
		return 0;
	size_t len = 0, i = 0;
	while (i < m.size() && isdigit((unsigned char)m[i]))
		len = len * 10 + (size_t)(m[i++] - '0');
	m = m.drop_front(i + len);
	if (!m.consume_front("P"))
		return 0;
	for (;;) {
		if (m.consume_front("V") || m.consume_front("K") || m.consume_front("r"))
			continue;
		if (m.startswith("U")) {
			m = m.drop_front(1);
			size_t n = 0, j = 0;
			while (j < m.size() && isdigit((unsigned char)m[j]))
				n = n * 10 + (size_t)(m[j++] - '0');
			if (!j)
				return 0;
			m = m.drop_front(j + n);
			continue;
		}
		break;
	}
	return type_bytes(m);
}

/* One range a built-in touches: `bytes` bytes at `at`. */
struct touched {
	llvm::Value *at;
	uint64_t bytes;
	bool write;
};

/* The first and the last element of an async copy's side that starts at
 * `p` and ends `last` elements of `elem` bytes later (a run-time count). */
static void first_and_last(llvm::IRBuilder<> &b, llvm::Value *p, llvm::Value *last,
			   uint64_t elem, bool write, std::vector<touched> &out)
{
	out.push_back({p, elem, write});
	out.push_back({b.CreateGEP(b.getInt8Ty(), p, b.CreateMul(last, b.getInt64(elem))),
		       elem, write});
}

/* The ranges of an async copy (OpenCL C 3.0 §6.15.13,
 * cl_khr_extended_async_copies): the first and the last element of each
 * side, and in `nonempty` whether it copies anything.  Arguments in
 * kernel-lib/async_copy.cl's and async_copy_ext.cl's order. */
static bool async_ranges(llvm::CallInst *c, form f, llvm::IRBuilder<> &b, uint64_t elem,
			 std::vector<touched> &out, llvm::Value *&nonempty)
{
	auto arg = [&](unsigned i) { return c->getArgOperand(i); };
	auto size = [&](unsigned i) { return b.CreateZExtOrTrunc(arg(i), b.getInt64Ty()); };
	unsigned want = f == form::async_copy	   ? 4
			: f == form::async_strided ? 5
			: f == form::async_2d	   ? 10
						   : 13;
	if (c->arg_size() != want)
		return false;
	for (unsigned i = 0; i + 1 < want; i++)
		if (!(arg(i)->getType()->isPointerTy() || arg(i)->getType()->isIntegerTy()))
			return false;
	if (f == form::async_copy || f == form::async_strided) {
		llvm::Value *dst = arg(0), *src = arg(1), *n = size(2);
		if (!elem || !dst->getType()->isPointerTy() || !src->getType()->isPointerTy())
			return false;
		llvm::Value *last = b.CreateSub(n, b.getInt64(1));
		/* the strided side is the global one (§6.15.13) */
		llvm::Value *dst_last = last, *src_last = last;
		if (f == form::async_strided) {
			llvm::Value *strided = b.CreateMul(last, size(3));
			if (dst->getType()->getPointerAddressSpace() == 3)
				src_last = strided;
			else
				dst_last = strided;
		}
		first_and_last(b, dst, dst_last, elem, true, out);
		first_and_last(b, src, src_last, elem, false, out);
		nonempty = b.CreateICmpNE(n, b.getInt64(0));
		return true;
	}
	/* 2D2D: (dst, dst_offset, src, src_offset, bytes per element,
	 * elements per line, lines, src line stride, dst line stride);
	 * 3D3D: (..., lines, planes, src line stride, src plane stride, dst
	 * line stride, dst plane stride).  The element size is an argument:
	 * the first and the last byte of each side. */
	bool three = f == form::async_3d;
	llvm::Value *dst = arg(0), *src = arg(2), *e = size(4), *per_line = size(5),
		    *lines = size(6), *planes = three ? size(7) : b.getInt64(1);
	if (!dst->getType()->isPointerTy() || !src->getType()->isPointerTy())
		return false;
	llvm::Value *one = b.getInt64(1);
	auto side = [&](llvm::Value *p, llvm::Value *offset, llvm::Value *line_stride,
			llvm::Value *plane_stride, bool write) {
		llvm::Value *first = b.CreateMul(offset, e);
		llvm::Value *last_elem = b.CreateAdd(
			b.CreateAdd(offset, b.CreateMul(b.CreateSub(lines, one), line_stride)),
			b.CreateSub(per_line, one));
		if (plane_stride)
			last_elem = b.CreateAdd(
				last_elem, b.CreateMul(b.CreateSub(planes, one), plane_stride));
		llvm::Value *last = b.CreateSub(b.CreateMul(b.CreateAdd(last_elem, one), e), one);
		out.push_back({b.CreateGEP(b.getInt8Ty(), p, first), 1, write});
		out.push_back({b.CreateGEP(b.getInt8Ty(), p, last), 1, write});
	};
	side(dst, size(1), size(three ? 10 : 8), three ? size(11) : nullptr, true);
	side(src, size(3), size(three ? 8 : 7), three ? size(9) : nullptr, false);
	nonempty = b.CreateAnd(b.CreateAnd(b.CreateICmpNE(e, b.getInt64(0)),
					   b.CreateICmpNE(per_line, b.getInt64(0))),
			       b.CreateAnd(b.CreateICmpNE(lines, b.getInt64(0)),
					   b.CreateICmpNE(planes, b.getInt64(0))));
	return true;
}

/* For call c of a built-in of form f: the ranges it touches, and for an
 * async copy whether it touches any (`nonempty`, else null).  False when
 * the call does not have the expected shape. */
static bool ranges_of(llvm::CallInst *c, form f, bool aligned, llvm::IRBuilder<> &b,
		      std::vector<touched> &out, llvm::Value *&nonempty)
{
	unsigned n = c->arg_size();
	llvm::StringRef mangled = c->getCalledFunction()->getName();
	uint64_t elem = pointee_bytes(mangled, f == form::atomic || f >= form::async_copy);
	llvm::Value *p = nullptr, *offset = nullptr;
	uint64_t step = 0, bytes = 0;
	bool write = false;
	nonempty = nullptr;
	unsigned k = name_lanes(plain_name(mangled));
	switch (f) {
	case form::vload:
		if (n != 2)
			return false;
		offset = c->getArgOperand(0);
		p = c->getArgOperand(1);
		if (!elem)
			return false;
		bytes = step = elem * k;
		write = false;
		break;
	case form::vstore:
		if (n != 3)
			return false;
		offset = c->getArgOperand(1);
		p = c->getArgOperand(2);
		if (!elem)
			return false;
		bytes = step = elem * k;
		write = true;
		break;
	case form::vload_half:
	case form::vstore_half: {
		bool load = f == form::vload_half;
		if (n != (load ? 2u : 3u))
			return false;
		offset = c->getArgOperand(load ? 0 : 1);
		p = c->getArgOperand(load ? 1 : 2);
		bytes = 2 * (uint64_t)k;
		step = 2 * (uint64_t)(aligned && k == 3 ? 4 : k);
		write = !load;
		break;
	}
	case form::atomic: {
		if (n < 1)
			return false;
		p = c->getArgOperand(0);
		if (!p->getType()->isPointerTy())
			return false;
		/* atomic_flag (not a builtin type): an int */
		out.push_back({p, elem ? elem : 4,
			       plain_name(mangled).find("load") == std::string::npos});
		return true;
	}
	case form::async_copy:
	case form::async_strided:
	case form::async_2d:
	case form::async_3d:
		return async_ranges(c, f, b, elem, out, nonempty);
	case form::none:
		return false;
	}
	if (!p->getType()->isPointerTy() || !offset->getType()->isIntegerTy())
		return false;
	llvm::Value *off = b.CreateMul(b.CreateZExtOrTrunc(offset, b.getInt64Ty()),
				       b.getInt64(step));
	out.push_back({b.CreateGEP(b.getInt8Ty(), p, off), bytes, write});
	return true;
}

/* The marker for pointers of address space `as`. */
static llvm::FunctionCallee marker(llvm::Module &m, unsigned as)
{
	llvm::LLVMContext &c = m.getContext();
	auto *ft = llvm::FunctionType::get(
		llvm::Type::getInt1Ty(c),
		{llvm::PointerType::get(c, as), llvm::Type::getInt64Ty(c), llvm::Type::getInt32Ty(c)},
		false);
	return m.getOrInsertFunction(std::string(check_range_marker) + ".p" + std::to_string(as),
				     ft);
}

bool guard_builtin_accesses(llvm::Module &m)
{
	bool changed = false;
	std::vector<llvm::CallInst *> calls;
	for (llvm::Function &f : m) {
		for (llvm::BasicBlock &bb : f)
			for (llvm::Instruction &i : bb)
				if (auto *c = llvm::dyn_cast<llvm::CallInst>(&i))
					if (llvm::Function *g = c->getCalledFunction();
					    g && g->isDeclaration())
						calls.push_back(c);
	}
	llvm::MDBuilder mdb(m.getContext());
	for (llvm::CallInst *c : calls) {
		bool aligned;
		form f = form_of(plain_name(c->getCalledFunction()->getName()), aligned);
		if (f == form::none)
			continue;
		llvm::IRBuilder<> b(c);
		std::vector<touched> ranges;
		llvm::Value *nonempty;
		if (!ranges_of(c, f, aligned, b, ranges, nonempty))
			continue;
		/* the markers, and-ed; for an async copy only when it copies */
		llvm::Instruction *markers_at = c;
		llvm::BasicBlock *before = c->getParent();
		if (nonempty)
			markers_at = llvm::SplitBlockAndInsertIfThen(
				nonempty, c, false, mdb.createBranchWeights(1u << 20, 1));
		b.SetInsertPoint(markers_at);
		llvm::Value *ok = nullptr;
		for (const touched &t : ranges) {
			llvm::CallInst *one = b.CreateCall(
				marker(m, t.at->getType()->getPointerAddressSpace()),
				{t.at, b.getInt64(t.bytes), b.getInt32(t.write ? 1 : 0)});
			one->setDebugLoc(c->getDebugLoc());
			ok = ok ? b.CreateAnd(ok, one) : one;
		}
		if (nonempty) {
			llvm::IRBuilder<> pb(&c->getParent()->front());
			llvm::PHINode *all = pb.CreatePHI(b.getInt1Ty(), 2);
			all->addIncoming(b.getTrue(), before);
			all->addIncoming(ok, markers_at->getParent());
			ok = all;
		}
		changed = true;
		llvm::Instruction *then_t = nullptr, *else_t = nullptr;
		llvm::SplitBlockAndInsertIfThenElse(ok, c, &then_t, &else_t,
						    mdb.createBranchWeights(1u << 20, 1));
		llvm::BasicBlock *join = c->getParent();
		c->moveBefore(then_t);
		if (c->getType()->isVoidTy())
			continue;
		llvm::IRBuilder<> jb(&join->front());
		llvm::PHINode *phi = jb.CreatePHI(c->getType(), 2);
		c->replaceAllUsesWith(phi);
		phi->addIncoming(c, then_t->getParent());
		phi->addIncoming(llvm::Constant::getNullValue(c->getType()), else_t->getParent());
	}
	return changed;
}

} // namespace kiln
