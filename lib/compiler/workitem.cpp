/* The work-item functions of OpenCL C 3.0 §6.15.1 ("Work-Item Functions"),
 * resolved at compile time from the loop indices of the work-group function
 * and the launch description, so that get_global_id(0) is an induction
 * variable the loop vectorizer understands (kiln-workitem calls this). */
#include "compiler/internal.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

#include <map>

namespace kiln {

llvm::StructType *info_type(llvm::LLVMContext &c)
{
	llvm::Type *i64 = llvm::Type::getInt64Ty(c);
	llvm::Type *a3 = llvm::ArrayType::get(i64, 3);
	llvm::Type *ptr = llvm::PointerType::get(c, 0);
	return llvm::StructType::get(c, {a3, a3, a3, a3, a3, a3, i64, ptr, ptr, i64});
}

llvm::Value *info_slot(llvm::IRBuilderBase &b, llvm::Value *info, info_field f, unsigned d)
{
	llvm::StructType *t = info_type(b.getContext());
	if (f <= INFO_LOCAL_SIZE)
		return b.CreateInBoundsGEP(t, info, {b.getInt32(0), b.getInt32(f), b.getInt32(d)});
	return b.CreateStructGEP(t, info, f);
}

llvm::Value *load_info(llvm::IRBuilderBase &b, llvm::Value *info,
		       info_field f, unsigned d)
{
	llvm::StructType *t = info_type(b.getContext());
	llvm::Value *p = info_slot(b, info, f, d);
	llvm::LoadInst *l = b.CreateLoad(t->getElementType(f)->isArrayTy()
						 ? b.getInt64Ty()
						 : t->getElementType(f),
					 p);
	/* the runtime fills every field of the launch description */
	l->setMetadata(llvm::LLVMContext::MD_noundef, llvm::MDNode::get(b.getContext(), {}));
	return l;
}

enum wi_kind {
	WI_GLOBAL_ID, WI_LOCAL_ID, WI_GROUP_ID, WI_LOCAL_SIZE,
	WI_ENQUEUED_LOCAL_SIZE, WI_GLOBAL_SIZE, WI_NUM_GROUPS,
	WI_GLOBAL_OFFSET, WI_WORK_DIM, WI_GLOBAL_LINEAR_ID, WI_LOCAL_LINEAR_ID,
};

/* Itanium-mangled names, as Clang and the SPIR-V translator (OpenCL 2.0
 * representation) spell them. */
static const struct {
	const char *name;
	wi_kind kind;
} wi_table[] = {
	{"_Z13get_global_idj", WI_GLOBAL_ID},
	{"_Z12get_local_idj", WI_LOCAL_ID},
	{"_Z12get_group_idj", WI_GROUP_ID},
	{"_Z14get_local_sizej", WI_LOCAL_SIZE},
	{"_Z23get_enqueued_local_sizej", WI_ENQUEUED_LOCAL_SIZE},
	{"_Z15get_global_sizej", WI_GLOBAL_SIZE},
	{"_Z14get_num_groupsj", WI_NUM_GROUPS},
	{"_Z17get_global_offsetj", WI_GLOBAL_OFFSET},
	{"_Z12get_work_dimv", WI_WORK_DIM},
	{"_Z20get_global_linear_idv", WI_GLOBAL_LINEAR_ID},
	{"_Z19get_local_linear_idv", WI_LOCAL_LINEAR_ID},
};

namespace {
struct wi_values {
	const wi_params &p;
	llvm::IRBuilder<> b; /* at the end of the entry block */
	std::map<std::pair<int, unsigned>, llvm::Value *> cache;

	wi_values(const wi_params &pp, llvm::BasicBlock *entry)
		: p(pp), b(entry->getTerminator())
	{
	}

	llvm::Value *field(info_field f, unsigned d)
	{
		auto key = std::make_pair(100 + (int)f, d);
		auto it = cache.find(key);
		if (it != cache.end())
			return it->second;
		return cache[key] = load_info(b, p.info, f, d);
	}

	llvm::Value *lid(unsigned d)
	{
		return d == 0 ? p.x : d == 1 ? p.y : p.z;
	}

	/* The value for dimension d < 3. */
	llvm::Value *get(wi_kind k, unsigned d)
	{
		auto key = std::make_pair((int)k, d);
		auto it = cache.find(key);
		if (it != cache.end())
			return it->second;
		llvm::Value *v = nullptr;
		switch (k) {
		case WI_GLOBAL_ID:
			v = b.CreateAdd(b.CreateAdd(field(INFO_GLOBAL_OFFSET, d),
						    b.CreateMul(field(INFO_GROUP_ID, d),
								field(INFO_ENQUEUED_LOCAL_SIZE, d))),
					lid(d));
			break;
		case WI_LOCAL_ID: v = lid(d); break;
		case WI_GROUP_ID: v = field(INFO_GROUP_ID, d); break;
		case WI_LOCAL_SIZE: v = field(INFO_LOCAL_SIZE, d); break;
		case WI_ENQUEUED_LOCAL_SIZE: v = field(INFO_ENQUEUED_LOCAL_SIZE, d); break;
		case WI_GLOBAL_SIZE: v = field(INFO_GLOBAL_SIZE, d); break;
		case WI_NUM_GROUPS: v = field(INFO_NUM_GROUPS, d); break;
		case WI_GLOBAL_OFFSET: v = field(INFO_GLOBAL_OFFSET, d); break;
		case WI_WORK_DIM: v = field(INFO_WORK_DIM, 0); break;
		case WI_GLOBAL_LINEAR_ID: {
			/* §6.15.1: (gid - offset) linearised over global sizes. */
			auto rel = [&](unsigned e) {
				return b.CreateSub(get(WI_GLOBAL_ID, e),
						   field(INFO_GLOBAL_OFFSET, e));
			};
			v = b.CreateAdd(rel(0),
					b.CreateMul(field(INFO_GLOBAL_SIZE, 0),
						    b.CreateAdd(rel(1),
								b.CreateMul(field(INFO_GLOBAL_SIZE, 1),
									    rel(2)))));
			break;
		}
		case WI_LOCAL_LINEAR_ID:
			v = b.CreateAdd(p.x,
					b.CreateMul(field(INFO_LOCAL_SIZE, 0),
						    b.CreateAdd(p.y,
								b.CreateMul(field(INFO_LOCAL_SIZE, 1),
									    p.z))));
			break;
		}
		return cache[key] = v;
	}
};
} // namespace

/* The value outside dimensions 0..2 (§6.15.1: ids and offsets 0, sizes 1). */
static uint64_t out_of_range(wi_kind k)
{
	switch (k) {
	case WI_LOCAL_SIZE: case WI_ENQUEUED_LOCAL_SIZE: case WI_GLOBAL_SIZE:
	case WI_NUM_GROUPS:
		return 1;
	default:
		return 0;
	}
}

void replace_workitem_calls(llvm::Function &f, const wi_params &p,
			    llvm::BasicBlock *entry)
{
	std::map<llvm::StringRef, wi_kind> names;
	for (auto &e : wi_table)
		names[e.name] = e.kind;
	std::vector<std::pair<llvm::CallInst *, wi_kind>> calls;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (auto *c = llvm::dyn_cast<llvm::CallInst>(&i))
				if (llvm::Function *callee = c->getCalledFunction()) {
					auto it = names.find(callee->getName());
					if (it != names.end())
						calls.push_back({c, it->second});
				}
	if (calls.empty())
		return;
	wi_values w(p, entry);
	for (auto &[call, kind] : calls) {
		llvm::Type *rt = call->getType();
		llvm::Value *v;
		bool dimless = kind == WI_WORK_DIM || kind == WI_GLOBAL_LINEAR_ID ||
			       kind == WI_LOCAL_LINEAR_ID;
		if (dimless) {
			v = w.get(kind, 0);
		} else if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0))) {
			uint64_t d = c->getZExtValue();
			v = d < 3 ? w.get(kind, (unsigned)d)
				  : llvm::ConstantInt::get(w.b.getInt64Ty(), out_of_range(kind));
		} else {
			/* A dimension known only at run time: pick among the three. */
			llvm::IRBuilder<> b(call);
			llvm::Value *d = b.CreateZExtOrTrunc(call->getArgOperand(0), b.getInt32Ty());
			v = llvm::ConstantInt::get(b.getInt64Ty(), out_of_range(kind));
			for (int e = 2; e >= 0; e--)
				v = b.CreateSelect(b.CreateICmpEQ(d, b.getInt32(e)),
						   w.get(kind, (unsigned)e), v);
		}
		llvm::IRBuilder<> b(call);
		call->replaceAllUsesWith(b.CreateZExtOrTrunc(v, rt));
		call->eraseFromParent();
	}
}

} // namespace kiln
