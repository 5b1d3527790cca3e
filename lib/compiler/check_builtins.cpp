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
 * §6.15.12 atomics), keyed by the built-in's unmangled name; the element
 * type follows from the call's value types, so the mangled parameter
 * types need not be parsed.  Not covered: async copies, prefetch, image
 * and pipe built-ins, and the expected-value pointer of
 * atomic_compare_exchange.
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
	return code_bytes(m);
}

/* For call c of a built-in of form f: the pointer it accesses through,
 * the address and the bytes it touches, whether it writes.  False when
 * the call does not have the expected shape. */
static bool range_of(llvm::CallInst *c, form f, bool aligned,
		     llvm::IRBuilder<> &b, llvm::Value *&at, uint64_t &bytes, bool &write)
{
	unsigned n = c->arg_size();
	llvm::StringRef mangled = c->getCalledFunction()->getName();
	uint64_t elem = pointee_bytes(mangled, f == form::atomic);
	llvm::Value *p = nullptr, *offset = nullptr;
	uint64_t step = 0;
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
		/* atomic_flag (not a builtin type): an int */
		bytes = elem ? elem : 4;
		write = plain_name(c->getCalledFunction()->getName()).find("load") ==
			std::string::npos;
		at = p;
		return p->getType()->isPointerTy();
	}
	case form::none:
		return false;
	}
	if (!p->getType()->isPointerTy() || !offset->getType()->isIntegerTy())
		return false;
	llvm::Value *off = b.CreateMul(b.CreateZExtOrTrunc(offset, b.getInt64Ty()),
				       b.getInt64(step));
	at = b.CreateGEP(b.getInt8Ty(), p, off);
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

void guard_builtin_accesses(llvm::Module &m)
{
	std::vector<llvm::CallInst *> calls;
	for (llvm::Function &f : m) {
		/* Blocks (Clang's __<kernel>_block_invoke functions) run as
		 * child kernels, which kiln-check-bounds does not instrument;
		 * a guard there would only hide the built-in from the passes
		 * that look at its code (atomic_loops.cpp's waiting loops) */
		if (f.getName().contains("_block_invoke"))
			continue;
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
		llvm::Value *at;
		uint64_t bytes;
		bool write;
		if (!range_of(c, f, aligned, b, at, bytes, write))
			continue;
		llvm::CallInst *ok = b.CreateCall(
			marker(m, at->getType()->getPointerAddressSpace()),
			{at, b.getInt64(bytes), b.getInt32(write ? 1 : 0)});
		ok->setDebugLoc(c->getDebugLoc());
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
}

} // namespace kiln
