/* kiln-lower-dot: kernel-lib's packed 4 x 8-bit dot-product primitives
 * become VNNI instructions where the CPU has them.
 *
 * Every dot and dot_acc_sat of cl_khr_integer_dot_product reaches one of
 * four primitives on four bytes packed in an i32 (kernel-lib/integer_dot.cl):
 *
 *     __kiln_dot4_us(acc, a, b)      acc + sum u8(a[k]) * s8(b[k]), wrapping
 *     __kiln_dot4_us_sat(acc, a, b)  the same sum added with signed saturation
 *     __kiln_dot4_ss(acc, a, b)      both signed
 *     __kiln_dot4_uu(acc, a, b)      both unsigned
 *
 * and their companions `<name>_vec` on one register of lanes, which the
 * loop vectorizer calls once per vector of work-items
 * (vector_variants.cpp).  They stay calls (noinline) until this pass,
 * which runs at the end of optimisation:
 *
 *   - where the function's target has AVX-512 VNNI (with AVX-512VL for the
 *     128- and 256-bit forms, or AVX-VNNI), each call becomes vpdpbusd,
 *     which is exactly the us form on every 32-bit lane, or vpdpbusds,
 *     exactly the us_sat form (Intel SDM: the four products and the
 *     accumulator are summed before the one saturation).  The other
 *     signednesses are the us form of flipped bytes with a correction,
 *     since u8(x ^ 0x80) = s8(x) + 128 and s8(x ^ 0x80) = u8(x) - 128:
 *
 *         ss(acc, a, b) = us(acc, a ^ 0x80808080, b) - (us(0, 0x01010101, b) << 7)
 *         uu(acc, a, b) = us(acc, a, b ^ 0x80808080) + (us(0, a, 0x01010101) << 7)
 *
 *     (us(0, 0x01010101, b) is the sum of b's signed bytes, us(0, a,
 *     0x01010101) that of a's unsigned ones; every step wraps as the
 *     primitive does);
 *   - elsewhere, or for a lane count without an instruction, the call is
 *     inlined: the primitive's body is its definition.
 *
 * Before that, a wrapping primitive called with accumulator 0 whose only
 * use is an add takes the add's other operand as its accumulator
 * (dot() passes 0 and the kernel adds), so `s += dot(a, b)` is one
 * vpdpbusd.
 *
 * Assumes: the primitives, if present, are kernel-lib's (their bodies are
 * their meaning).  Guarantees: no call of a primitive or companion is left
 * where it could be lowered or inlined; results equal the bodies' on every
 * lane. */
#include "compiler/passes.h"

#include <llvm/ADT/StringSet.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

namespace kiln {

namespace {

/* The primitives: which operand's bytes are flipped to reach the us form,
 * and whether it saturates. */
enum class flip { none, a, b };
struct dot_primitive {
	const char *name;
	flip flipped;
	bool saturating;
};
const dot_primitive primitives[] = {
	{"__kiln_dot4_us", flip::none, false},
	{"__kiln_dot4_us_sat", flip::none, true},
	{"__kiln_dot4_ss", flip::a, false},
	{"__kiln_dot4_uu", flip::b, false},
};

/* What the code generator may use in f, from its target-features
 * attribute (later entries win, as in LLVM's own parsing). */
struct vnni_support {
	bool zmm = false; /* 512-bit vpdpbusd */
	bool xmm = false; /* 128- and 256-bit vpdpbusd */
};

vnni_support vnni_of(const llvm::Function &f)
{
	llvm::StringSet<> on;
	llvm::SmallVector<llvm::StringRef, 64> parts;
	f.getFnAttribute("target-features").getValueAsString().split(parts, ',', -1, false);
	for (llvm::StringRef p : parts) {
		if (p.consume_front("+"))
			on.insert(p);
		else if (p.consume_front("-"))
			on.erase(p);
	}
	vnni_support s;
	s.zmm = on.count("avx512vnni") && on.count("avx512f");
	s.xmm = (s.zmm && on.count("avx512vl")) || on.count("avxvnni");
	return s;
}

/* The vpdpbusd(s) intrinsic for `lanes` 32-bit lanes (1: the scalar form,
 * done in lane 0 of the 128-bit one), or none where f cannot use it. */
llvm::Intrinsic::ID vnni_intrinsic(unsigned lanes, bool saturating, vnni_support s)
{
	using namespace llvm::Intrinsic;
	if (lanes == 16 && s.zmm)
		return saturating ? x86_avx512_vpdpbusds_512 : x86_avx512_vpdpbusd_512;
	if (lanes == 8 && s.xmm)
		return saturating ? x86_avx512_vpdpbusds_256 : x86_avx512_vpdpbusd_256;
	if ((lanes == 4 || lanes == 1) && s.xmm)
		return saturating ? x86_avx512_vpdpbusds_128 : x86_avx512_vpdpbusd_128;
	return not_intrinsic;
}

unsigned lanes_of(llvm::Type *t)
{
	auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t);
	return vt ? vt->getNumElements() : 1;
}

/* The primitive named n (a companion's name too), or null. */
const dot_primitive *primitive_named(llvm::StringRef n)
{
	n.consume_back("_vec");
	for (const dot_primitive &p : primitives)
		if (n == p.name)
			return &p;
	return nullptr;
}

/* acc 0 and one add as the only use: the add's other operand becomes the
 * accumulator and the call replaces the add. */
void fold_accumulator(llvm::CallInst *call, const dot_primitive &p)
{
	auto *zero = llvm::dyn_cast<llvm::Constant>(call->getArgOperand(0));
	if (p.saturating || !zero || !zero->isNullValue() || !call->hasOneUse())
		return;
	auto *add = llvm::dyn_cast<llvm::BinaryOperator>(call->user_back());
	if (!add || add->getOpcode() != llvm::Instruction::Add)
		return;
	llvm::Value *other = add->getOperand(0) == call ? add->getOperand(1) : add->getOperand(0);
	/* the call must see `other`: move it to the add, which does */
	call->moveBefore(add);
	call->setArgOperand(0, other);
	add->replaceAllUsesWith(call);
	add->eraseFromParent();
}

/* The 32-bit constant c in type t (i32, or every lane of a vector). */
llvm::Constant *splat(llvm::Type *t, uint32_t c)
{
	return llvm::ConstantInt::get(t, c);
}

/* vpdpbusd(s) on values of type t: in lane 0 of a 128-bit vector for i32. */
llvm::Value *vpdpbusd(llvm::IRBuilder<> &b, llvm::Function *intr, llvm::Value *acc,
		      llvm::Value *a, llvm::Value *bv)
{
	llvm::Type *t = acc->getType();
	if (t->isVectorTy())
		return b.CreateCall(intr, {acc, a, bv});
	auto *v4 = llvm::FixedVectorType::get(t, 4);
	auto lane0 = [&](llvm::Value *x) {
		return b.CreateInsertElement(llvm::Constant::getNullValue(v4), x, b.getInt64(0));
	};
	llvm::Value *r = b.CreateCall(intr, {lane0(acc), lane0(a), lane0(bv)});
	return b.CreateExtractElement(r, b.getInt64(0));
}

/* The call as VNNI instructions (the identities in the header). */
void lower_to_vnni(llvm::CallInst *call, const dot_primitive &p, llvm::Function *intr)
{
	llvm::IRBuilder<> b(call);
	llvm::Value *acc = call->getArgOperand(0), *a = call->getArgOperand(1),
		    *bv = call->getArgOperand(2);
	llvm::Type *t = acc->getType();
	llvm::Value *r = nullptr;
	switch (p.flipped) {
	case flip::none:
		r = vpdpbusd(b, intr, acc, a, bv);
		break;
	case flip::a: {
		llvm::Value *sum_b = vpdpbusd(b, intr, llvm::Constant::getNullValue(t),
					      splat(t, 0x01010101u), bv);
		r = vpdpbusd(b, intr, acc, b.CreateXor(a, splat(t, 0x80808080u)), bv);
		r = b.CreateSub(r, b.CreateShl(sum_b, 7));
		break;
	}
	case flip::b: {
		llvm::Value *sum_a = vpdpbusd(b, intr, llvm::Constant::getNullValue(t), a,
					      splat(t, 0x01010101u));
		r = vpdpbusd(b, intr, acc, a, b.CreateXor(bv, splat(t, 0x80808080u)));
		r = b.CreateAdd(r, b.CreateShl(sum_a, 7));
		break;
	}
	}
	r->takeName(call);
	call->replaceAllUsesWith(r);
	call->eraseFromParent();
}

} // namespace

llvm::PreservedAnalyses lower_dot_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	std::vector<std::pair<llvm::CallInst *, const dot_primitive *>> calls;
	for (llvm::Function &f : m) {
		const dot_primitive *p = primitive_named(f.getName());
		if (!p || f.isDeclaration() || f.arg_size() != 3)
			continue;
		for (llvm::User *u : f.users())
			if (auto *call = llvm::dyn_cast<llvm::CallInst>(u))
				if (call->getCalledFunction() == &f)
					calls.push_back({call, p});
	}
	for (auto &[call, p] : calls) {
		fold_accumulator(call, *p);
		llvm::Function *caller = call->getFunction();
		llvm::Intrinsic::ID id =
			vnni_intrinsic(lanes_of(call->getType()), p->saturating, vnni_of(*caller));
		if (id != llvm::Intrinsic::not_intrinsic) {
			lower_to_vnni(call, *p, llvm::Intrinsic::getDeclaration(&m, id));
			continue;
		}
		/* no instruction: the body is the definition */
		llvm::InlineFunctionInfo ifi;
		(void)llvm::InlineFunction(*call, ifi);
	}
	return calls.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace kiln
