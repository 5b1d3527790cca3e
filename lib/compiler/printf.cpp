/* printf (OpenCL C 3.0 §6.15.14): each call becomes a record in the
 * command's printf buffer (the layout is in compiler.h), which the runtime
 * formats and writes out when the command completes (lib/core/printf_buffer.c).
 *
 * Two passes: kiln-hide-printf renames printf before anything optimises
 * (see hide_printf), and kiln-printf lowers the calls.  kiln-printf runs
 * on the work-group functions, after kiln-workgroup:
 * only there is the state pointer (and with it state->printf_buffer) at
 * hand, so the work-item function of a kernel that prints is inlined into
 * its work-group function first (the optimiser would inline it anyway).
 * A call reserves its record with one atomic add and, if the record fits,
 * stores the address of a constant describing the call (its "site": the
 * record's size and each argument's kind, element size, count and offset),
 * the format's address and the argument values.  The format and %s strings
 * stay in the executable's constant data, which lives as long as the
 * program, so only their addresses travel.  Kernels that do not print get
 * no code at all.
 * kiln-hide-printf assumes a linked, inlined program; it guarantees that
 * no call of a function named printf is left (it calls __kiln_printf).
 * kiln-printf assumes work-group functions (kiln-workgroup); it guarantees
 * that no call of __kiln_printf is left in them, and the marker global
 * of each kernel that prints; a format that is not a string literal fails
 * the build. */
#include "compiler/passes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <cstddef>
#include <cstring>
#include <set>
#include <vector>

namespace kiln {

static llvm::Function *callee_of(const llvm::CallBase *c)
{
	return llvm::dyn_cast<llvm::Function>(c->getCalledOperand()->stripPointerCasts());
}

/* printf under a name no library-call optimisation knows. */
static const char hidden_name[] = "__kiln_printf";

static bool is_printf(const llvm::Function *f)
{
	return f && f->isDeclaration() && f->getName() == hidden_name;
}

/* Clang 15 names it printf, and so does the SPIR-V translator
 * for OpenCL.std's printf extended instruction.  InstCombine, which the
 * work-group pass runs, would turn printf("x\n") into the host's
 * puts("x") and printf("%c", c) into putchar(c): rename it first. */
bool hide_printf(llvm::Module &m)
{
	llvm::Function *f = m.getFunction("printf");
	if (!f || !f->isDeclaration() || f->use_empty() || m.getFunction(hidden_name))
		return false;
	f->setName(hidden_name);
	return true;
}

bool printf_hidden(const llvm::Module &m)
{
	const llvm::Function *f = m.getFunction(hidden_name);
	return f && f->isDeclaration();
}

/* Whether f calls printf, itself or through functions it calls. */
static bool reaches_printf(const llvm::Function &f, std::set<const llvm::Function *> &seen)
{
	if (!seen.insert(&f).second)
		return false;
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb) {
			auto *c = llvm::dyn_cast<llvm::CallBase>(&i);
			if (!c)
				continue;
			const llvm::Function *g = callee_of(c);
			if (is_printf(g))
				return true;
			if (g && !g->isDeclaration() && reaches_printf(*g, seen))
				return true;
		}
	return false;
}

/* Inlines into wg every call that leads to printf, so that all printf
 * calls of the kernel sit in wg itself.  A recursive function on the way
 * (OpenCL C 3.0 §6.11 forbids recursion) would be inlined for ever: it
 * fails the build, and so does a program needing more than max_inlines
 * inlines (a bound, so that no input can keep this loop going). */
static bool inline_printing_calls(llvm::Function &wg, const std::string &kname,
				  std::string &log)
{
	const unsigned max_inlines = 100000;
	for (unsigned inlined = 0;; inlined++) {
		llvm::CallBase *next = nullptr;
		for (llvm::BasicBlock &bb : wg) {
			for (llvm::Instruction &i : bb) {
				auto *c = llvm::dyn_cast<llvm::CallBase>(&i);
				llvm::Function *g = c ? callee_of(c) : nullptr;
				std::set<const llvm::Function *> seen{&wg};
				if (g && !g->isDeclaration() && reaches_printf(*g, seen)) {
					next = c;
					break;
				}
			}
			if (next)
				break;
		}
		if (!next)
			return true;
		llvm::Function *g = callee_of(next);
		if (calls_itself(*g)) {
			log += "error: kernel '" + kname + "': function '" + g->getName().str() +
			       "' calls printf and itself: recursion is not allowed "
			       "(OpenCL C 3.0 §6.11)\n";
			return false;
		}
		if (inlined == max_inlines) {
			log += "error: kernel '" + kname + "': more than " +
			       std::to_string(max_inlines) +
			       " calls lead to printf; the build was stopped\n";
			return false;
		}
		llvm::InlineFunctionInfo ifi;
		llvm::InlineResult r = llvm::InlineFunction(*next, ifi);
		if (!r.isSuccess()) {
			log += "error: internal compiler error: cannot inline a function "
			       "that calls printf: " + std::string(r.getFailureReason()) + "\n";
			return false;
		}
		if (g->use_empty() && g->hasLocalLinkage())
			g->eraseFromParent();
	}
}

/* A NUL-terminated constant of the executable: what the format and %s
 * arguments must be ("literal strings", §6.15.14.2).  Every object the
 * pointer may point into must be a constant global whose initializer ends
 * in NUL, so that reading from any place in it stops inside it. */
static bool is_constant_string(const llvm::Value *v)
{
	llvm::SmallVector<const llvm::Value *, 4> objs;
	llvm::getUnderlyingObjects(v, objs);
	if (objs.empty())
		return false;
	for (const llvm::Value *o : objs) {
		auto *g = llvm::dyn_cast<llvm::GlobalVariable>(o);
		if (!g || !g->isConstant() || !g->hasInitializer())
			return false;
		const llvm::Constant *init = g->getInitializer();
		if (llvm::isa<llvm::ConstantAggregateZero>(init))
			continue;
		auto *a = llvm::dyn_cast<llvm::ConstantDataArray>(init);
		if (!a || !a->getElementType()->isIntegerTy(8) ||
		    a->getElementAsInteger(a->getNumElements() - 1) != 0)
			return false;
	}
	return true;
}

/* How one argument travels: its bytes, with its element kind, size and
 * count as the IR shows them.  The x86-64 calling convention Clang follows
 * for variadic calls gives small vectors as integers (uchar3 as i32, float2
 * as double) and large ones without AVX by reference (byval): the bytes are
 * the vector's all the same, and the runtime reads vector elements by the
 * format's length modifier, so only the bytes matter there.  Pointers
 * travel as integers, odd integer widths widened. */
static struct kiln_printf_arg classify(llvm::IRBuilder<> &b, const llvm::DataLayout &dl,
				       llvm::CallBase *call, unsigned i, llvm::Value *&v)
{
	struct kiln_printf_arg d = {};
	if (call->paramHasAttr(i, llvm::Attribute::ByVal))
		v = b.CreateAlignedLoad(call->getParamByValType(i), v, llvm::Align(1));
	llvm::Type *t = v->getType();
	if (t->isPointerTy()) {
		d.kind = is_constant_string(v) ? KILN_PRINTF_ARG_STR : KILN_PRINTF_ARG_PTR;
		d.elem_size = 8;
		d.count = 1;
		v = b.CreatePtrToInt(v, b.getInt64Ty());
		return d;
	}
	if (!t->isSized() || llvm::isa<llvm::ScalableVectorType>(t))
		return d;
	llvm::Type *e = t->getScalarType();
	unsigned n = 1;
	if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t))
		n = vt->getNumElements();
	unsigned bits = e->isIntegerTy() ? e->getIntegerBitWidth() : 0;
	bool fp = e->isHalfTy() || e->isFloatTy() || e->isDoubleTy();
	uint64_t bytes = dl.getTypeStoreSize(t);
	if (fp || bits == 8 || bits == 16 || bits == 32 || bits == 64) {
		if (n > 255)
			return d;
		d.kind = fp ? KILN_PRINTF_ARG_FLOAT : KILN_PRINTF_ARG_INT;
		d.elem_size = (uint8_t)(e->getPrimitiveSizeInBits() / 8);
		d.count = (uint8_t)n;
	} else if (bits && bits < 64 && n == 1) {
		v = b.CreateZExt(v, b.getInt64Ty()); /* bool and such */
		d.kind = KILN_PRINTF_ARG_INT;
		d.elem_size = 8;
		d.count = 1;
	} else if (bytes && bytes <= 255) {
		/* Anything else (a struct a vector was coerced to): bytes. */
		d.kind = KILN_PRINTF_ARG_INT;
		d.elem_size = 1;
		d.count = (uint8_t)bytes;
	}
	return d;
}

static uint64_t align8(uint64_t v)
{
	return (v + 7) / 8 * 8;
}

/* The site constant: struct kiln_printf_site and its argument table. */
static llvm::Constant *make_site(llvm::Module &m, uint32_t record_size,
				 const std::vector<struct kiln_printf_arg> &args)
{
	std::vector<uint8_t> bytes(sizeof(struct kiln_printf_site) +
				   args.size() * sizeof(struct kiln_printf_arg));
	struct kiln_printf_site head = {record_size, (uint32_t)args.size()};
	memcpy(bytes.data(), &head, sizeof(head));
	if (!args.empty())
		memcpy(bytes.data() + sizeof(head), args.data(),
		       args.size() * sizeof(struct kiln_printf_arg));
	llvm::Constant *init = llvm::ConstantDataArray::get(m.getContext(), bytes);
	auto *g = new llvm::GlobalVariable(m, init->getType(), true,
					   llvm::GlobalValue::InternalLinkage, init,
					   "__kiln_printf_site");
	g->setAlignment(llvm::Align(8));
	return g;
}

/* Replaces one call: reserve, store if it fits, 0 or -1 (§6.15.14). */
static bool lower_call(llvm::CallBase *call, llvm::Value *buf, const std::string &kname,
		       std::string &log)
{
	llvm::Function *f = call->getFunction();
	llvm::Module &m = *f->getParent();
	llvm::LLVMContext &c = m.getContext();
	const llvm::DataLayout &dl = m.getDataLayout();
	if (call->arg_size() < 1 || !call->getArgOperand(0)->getType()->isPointerTy() ||
	    !is_constant_string(call->getArgOperand(0))) {
		log += "error: kernel '" + kname +
		       "': the format of printf must be a string literal "
		       "(OpenCL C 3.0 §6.15.14.2)\n";
		return false;
	}

	llvm::BasicBlock *head = call->getParent();
	llvm::BasicBlock *done = head->splitBasicBlock(call, "printf.done");
	head->getTerminator()->eraseFromParent();
	auto *reserve = llvm::BasicBlock::Create(c, "printf.reserve", f, done);
	auto *write = llvm::BasicBlock::Create(c, "printf.write", f, done);

	/* The values and the layout, computed in head (where the arguments
	 * are available). */
	llvm::IRBuilder<> b(head);
	std::vector<llvm::Value *> vals;
	std::vector<struct kiln_printf_arg> descs;
	uint64_t off = 16; /* site and format addresses */
	for (unsigned i = 1; i < call->arg_size(); i++) {
		llvm::Value *v = call->getArgOperand(i);
		struct kiln_printf_arg d = classify(b, dl, call, i, v);
		if (d.kind != KILN_PRINTF_ARG_NONE) {
			off = align8(off);
			d.offset = (uint32_t)off;
			off += dl.getTypeStoreSize(v->getType());
		}
		vals.push_back(v);
		descs.push_back(d);
	}
	uint64_t size = align8(off);
	llvm::Constant *site = make_site(m, (uint32_t)size, descs);
	llvm::Value *fmt = b.CreatePtrToInt(call->getArgOperand(0), b.getInt64Ty());
	b.CreateCondBr(b.CreateIsNotNull(buf), reserve, done);

	b.SetInsertPoint(reserve);
	llvm::Value *at = b.CreateAtomicRMW(
		llvm::AtomicRMWInst::Add,
		b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), buf, offsetof(kiln_printf_buffer, used)),
		b.getInt64(size), llvm::MaybeAlign(8), llvm::AtomicOrdering::Monotonic);
	llvm::Value *cap = b.CreateLoad(
		b.getInt64Ty(),
		b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), buf, offsetof(kiln_printf_buffer, capacity)));
	/* `used` only grows, so once a record does not fit no later one
	 * does: what was written is a prefix of the buffer. */
	llvm::Value *fits = b.CreateAnd(b.CreateICmpULE(at, cap),
					b.CreateICmpULE(b.CreateAdd(at, b.getInt64(size)), cap));
	b.CreateCondBr(fits, write, done);

	b.SetInsertPoint(write);
	llvm::Value *rec = b.CreateInBoundsGEP(
		b.getInt8Ty(),
		b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), buf, offsetof(kiln_printf_buffer, data)),
		at);
	auto put = [&](llvm::Value *v, uint64_t o) {
		b.CreateAlignedStore(v, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), rec, o),
				     llvm::Align(8));
	};
	put(b.CreatePtrToInt(site, b.getInt64Ty()), 0);
	put(fmt, 8);
	for (size_t i = 0; i < vals.size(); i++)
		if (descs[i].kind != KILN_PRINTF_ARG_NONE)
			put(vals[i], descs[i].offset);
	b.CreateBr(done);

	llvm::Type *rt = call->getType();
	if (rt->isIntegerTy()) {
		llvm::IRBuilder<> db(&done->front());
		llvm::PHINode *phi = db.CreatePHI(rt, 3, "printf.result");
		llvm::Constant *fail = llvm::ConstantInt::getSigned(rt, -1);
		phi->addIncoming(fail, head);
		phi->addIncoming(fail, reserve);
		phi->addIncoming(llvm::ConstantInt::get(rt, 0), write);
		call->replaceAllUsesWith(phi);
	} else if (!rt->isVoidTy()) {
		call->replaceAllUsesWith(llvm::UndefValue::get(rt));
	}
	call->eraseFromParent();
	return true;
}

bool lower_printf(llvm::Function &k, std::string &log)
{
	llvm::Module &m = *k.getParent();
	llvm::Function *wg = m.getFunction(wg_name(k.getName()));
	if (!wg || wg->isDeclaration())
		return true;
	if (!inline_printing_calls(*wg, k.getName().str(), log))
		return false;
	std::vector<llvm::CallBase *> calls;
	for (llvm::BasicBlock &bb : *wg)
		for (llvm::Instruction &i : bb)
			if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i))
				if (is_printf(callee_of(c)))
					calls.push_back(c);
	if (calls.empty())
		return true;

	llvm::IRBuilder<> b(&*wg->getEntryBlock().getFirstInsertionPt());
	llvm::Value *buf = b.CreateLoad(
		b.getPtrTy(),
		b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), wg->getArg(1),
					     offsetof(kiln_wg_state, printf_buffer)),
		"printf.buffer");
	for (llvm::CallBase *c : calls)
		if (!lower_call(c, buf, k.getName().str(), log))
			return false;
	llvm::Type *i8 = llvm::Type::getInt8Ty(m.getContext());
	new llvm::GlobalVariable(m, i8, true, llvm::GlobalValue::ExternalLinkage,
				 llvm::ConstantInt::get(i8, 1),
				 printf_marker_prefix + k.getName().str());
	return true;
}

llvm::PreservedAnalyses hide_printf_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	return hide_printf(m) ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses printf_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	if (!printf_hidden(m))
		return llvm::PreservedAnalyses::all();
	lower_workgroup_kernels(m, errors, lower_printf);
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
