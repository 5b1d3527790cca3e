/* What the work-group passes hand each other on a work-item function:
 * function metadata (internal.h, workitem_layout) that kiln-local-vars,
 * kiln-barriers and kiln-context write and kiln-workgroup reads, then
 * removes, so that every pass can also run alone on an IR file.
 *
 *   !kiln.local_size !{i64 bytes}              kiln-local-vars
 *   !kiln.regions    !{i64 barriers}           kiln-barriers
 *   !kiln.context    !{i64 bytes, i64 next, i64 next_bytes}
 *                                              kiln-context: per work-item
 *                                              bytes, next-region slot and
 *                                              its size (4 if absent)
 *   !kiln.publish    !{!{i64 offset, i64 size, i64 kind}, ...}
 *                                              kiln-context: SHARED and ANY
 *                                              slots, in layout order */
#include "compiler/internal.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Metadata.h>

namespace kiln {

static const char *const layout_kinds[] = {"kiln.local_size", "kiln.regions",
					   "kiln.context", "kiln.publish"};

static uint64_t md_int(const llvm::MDNode *n, unsigned i)
{
	if (!n || i >= n->getNumOperands())
		return 0;
	auto *c = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(n->getOperand(i));
	return c ? c->getZExtValue() : 0;
}

llvm::MDNode *md_ints(llvm::LLVMContext &c, llvm::ArrayRef<uint64_t> values)
{
	std::vector<llvm::Metadata *> ops;
	for (uint64_t v : values)
		ops.push_back(llvm::ConstantAsMetadata::get(
			llvm::ConstantInt::get(llvm::Type::getInt64Ty(c), v)));
	return llvm::MDNode::get(c, ops);
}

void set_layout_field(llvm::Function &wi, llvm::StringRef kind,
		      llvm::ArrayRef<uint64_t> values)
{
	wi.setMetadata(kind, md_ints(wi.getContext(), values));
}

workitem_layout read_layout(const llvm::Function &wi)
{
	workitem_layout l;
	l.local_size = md_int(wi.getMetadata("kiln.local_size"), 0);
	l.regions = (uint32_t)md_int(wi.getMetadata("kiln.regions"), 0);
	const llvm::MDNode *c = wi.getMetadata("kiln.context");
	l.context_size = md_int(c, 0);
	l.next_offset = md_int(c, 1);
	if (uint64_t n = md_int(c, 2))
		l.next_size = n;
	if (const llvm::MDNode *p = wi.getMetadata("kiln.publish"))
		for (const llvm::MDOperand &op : p->operands()) {
			auto *s = llvm::dyn_cast<llvm::MDNode>(op.get());
			context_slot cs{nullptr, md_int(s, 0), md_int(s, 1),
					(context_slot::kind_t)md_int(s, 2)};
			l.published.push_back(cs);
		}
	return l;
}

uint64_t next_region_bytes(uint32_t barriers)
{
	return barriers < 0xffu ? 1 : barriers < 0xffffu ? 2 : 4;
}

void clear_layout(llvm::Function &wi)
{
	for (const char *k : layout_kinds)
		wi.setMetadata(k, nullptr);
}

} // namespace kiln
