/* The SPIR-V 1.4 instructions translator 15 does not read, OpCopyMemory
 * and shuffles of vectors of different lengths (spirv_rewrite.h;
 * spirv_prepass.cpp says what they emit). */
#include "compiler/spirv_rewrite.h"

namespace kiln {
namespace spirv_rw {

/* OpDecorateString / OpMemberDecorateString (core in 1.4): the same
 * operands as OpDecorate / OpMemberDecorate, which the translator reads;
 * a UserSemantic string goes (it says nothing the program's behaviour
 * depends on, and the translator crashes on one that decorates a
 * built-in variable). */
void rewrite_decorate_strings(rewriter &r)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		bool member = i.op == OpMemberDecorateString;
		if ((i.op != OpDecorateString && !member) || i.w.size() < (member ? 4u : 3u)) {
			out.push_back(std::move(i));
			continue;
		}
		any = true;
		if (i.w[member ? 3 : 2] == DecorationUserSemantic)
			continue;
		i.op = member ? OpMemberDecorate : OpDecorate;
		i.w[0] = ((uint32_t)i.w.size() << 16) | i.op;
		out.push_back(std::move(i));
	}
	r.code.swap(out);
	r.changed |= any;
}

/* Words taken by the memory operands whose mask is at w[k]: the mask, an
 * Aligned literal, MakePointerAvailable/Visible scopes; 0 for a mask with
 * other bits or that runs past the instruction. */
static size_t memory_operand_words(const std::vector<uint32_t> &w, size_t k)
{
	if (k >= w.size() || (w[k] & ~0x3fu))
		return 0;
	uint32_t mask = w[k];
	size_t n = 1 + !!(mask & 0x2) + !!(mask & 0x8) + !!(mask & 0x10);
	return k + n <= w.size() ? n : 0;
}

/* OpCopyMemory, which translator 15 cannot read in any form (it asserts
 * on the size operand OpCopyMemory does not have): an OpLoad of the
 * source's pointee type and an OpStore, the source's memory operands on
 * the load and the target's on the store (1.4's two sets: the target's,
 * then the source's; one set: both).  OpCopyMemorySized with two sets, on
 * which the translator asserts: one set that holds for both accesses,
 * Volatile if either is, Nontemporal if both are, Aligned to the smaller
 * alignment if both are aligned. */
void rewrite_copy_memory(rewriter &r, module_info &m)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		if (i.op != OpCopyMemory && i.op != OpCopyMemorySized) {
			out.push_back(std::move(i));
			continue;
		}
		size_t k = i.op == OpCopyMemory ? 3 : 4;
		size_t n1 = k < i.w.size() ? memory_operand_words(i.w, k) : 0;
		size_t n2 = n1 && k + n1 < i.w.size() ? memory_operand_words(i.w, k + n1) : 0;
		bool one = k + n1 == i.w.size(), two = n2 && k + n1 + n2 == i.w.size();
		if (i.w.size() < k || !(i.w.size() == k || one || two)) {
			out.push_back(std::move(i));
			continue;
		}
		std::vector<uint32_t> target_ops(i.w.begin() + (long)k, i.w.begin() + (long)(k + n1));
		std::vector<uint32_t> source_ops = two ? std::vector<uint32_t>(
			i.w.begin() + (long)(k + n1), i.w.end()) : target_ops;
		if (i.op == OpCopyMemory) {
			auto p = m.pointee.find(m.value_type(i.w[2]));
			if (p == m.pointee.end()) {
				out.push_back(std::move(i));
				continue;
			}
			uint32_t tmp = r.fresh();
			std::vector<uint32_t> load{p->second, tmp, i.w[2]}, store{i.w[1], tmp};
			load.insert(load.end(), source_ops.begin(), source_ops.end());
			store.insert(store.end(), target_ops.begin(), target_ops.end());
			out.push_back(make(OpLoad, load));
			out.push_back(make(OpStore, store));
			any = true;
			continue;
		}
		if (!two) {
			out.push_back(std::move(i));
			continue;
		}
		uint32_t m1 = target_ops[0], m2 = source_ops[0];
		uint32_t mask = ((m1 | m2) & 0x1) | (m1 & m2 & 0x4);
		std::vector<uint32_t> operands(i.w.begin() + 1, i.w.begin() + (long)k);
		if (m1 & m2 & 0x2) {
			operands.push_back(mask | 0x2);
			operands.push_back(target_ops[1] < source_ops[1] ? target_ops[1] : source_ops[1]);
		} else if (mask) {
			operands.push_back(mask);
		}
		out.push_back(make(i.op, operands));
		any = true;
	}
	r.code.swap(out);
	r.changed |= any;
}

/* OpPtrEqual, OpPtrNotEqual: the addresses compared as integers.
 * OpPtrDiff: the difference of the addresses divided by the size of the
 * pointee (the element count, SPIR-V §3.49.8), as a signed integer. */
bool rewrite_pointer_comparisons(rewriter &r, module_info &m, std::string &log)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		if ((i.op != OpPtrEqual && i.op != OpPtrNotEqual && i.op != OpPtrDiff) ||
		    i.w.size() != 5) {
			out.push_back(std::move(i));
			continue;
		}
		uint32_t type = i.w[1], id = i.w[2], a = i.w[3], b = i.w[4];
		uint32_t address = r.uint_type(m.pointer_bits);
		uint32_t ta = r.fresh(), tb = r.fresh();
		out.push_back(make(OpConvertPtrToU, {address, ta, a}));
		out.push_back(make(OpConvertPtrToU, {address, tb, b}));
		any = true;
		if (i.op != OpPtrDiff) {
			out.push_back(make(i.op == OpPtrEqual ? OpIEqual : OpINotEqual, {type, id, ta, tb}));
			continue;
		}
		uint64_t size = 0, align = 0;
		auto p = m.pointee.find(m.value_type(a));
		if (p == m.pointee.end() || !m.layout(p->second, size, align) || size == 0 ||
		    !m.int_bits.count(type)) {
			log += "error: SPIR-V: OpPtrDiff %" + std::to_string(id) +
			       " of pointers to a type whose size Kiln does not know\n";
			return false;
		}
		uint32_t diff = r.fresh(), divisor = r.constant(address, m.pointer_bits, size);
		out.push_back(make(OpISub, {address, diff, ta, tb}));
		if (type == address) {
			out.push_back(make(OpSDiv, {address, id, diff, divisor}));
			continue;
		}
		uint32_t elems = r.fresh();
		out.push_back(make(OpSDiv, {address, elems, diff, divisor}));
		out.push_back(make(m.int_bits[type] == m.pointer_bits ? OpBitcast : OpSConvert,
				   {type, id, elems}));
	}
	r.code.swap(out);
	r.changed |= any;
	return true;
}

/* The members (or elements) of an aggregate type: false for another
 * type or an array too long to copy member by member. */
static bool members_of(const module_info &m, uint32_t type, std::vector<uint32_t> &members)
{
	auto s = m.structs.find(type);
	if (s != m.structs.end()) {
		members = s->second;
		return true;
	}
	auto a = m.arrays.find(type);
	if (a == m.arrays.end())
		return false;
	auto n = m.constants.find(a->second.second);
	if (n == m.constants.end() || n->second > 4096)
		return false;
	members.assign(n->second, a->second.first);
	return true;
}

/* `value` of type `from` copied into `result` of the logically matching
 * type `to`: member by member (OpCompositeExtract, then
 * OpCompositeConstruct), recursively; an OpCopyObject where the types
 * are the same.  `budget` bounds the instructions made. */
static bool copy_logical(rewriter &r, const module_info &m, uint32_t to, uint32_t from,
		  uint32_t value, uint32_t result, std::vector<insn> &out, unsigned &budget)
{
	if (to == from) {
		out.push_back(make(OpCopyObject, {to, result, value}));
		return true;
	}
	std::vector<uint32_t> to_members, from_members;
	if (!members_of(m, to, to_members) || !members_of(m, from, from_members) ||
	    to_members.size() != from_members.size())
		return false;
	std::vector<uint32_t> parts{to, result};
	for (uint32_t k = 0; k < to_members.size(); k++) {
		if (budget == 0)
			return false;
		budget--;
		uint32_t e = r.fresh();
		out.push_back(make(OpCompositeExtract, {from_members[k], e, value, k}));
		if (to_members[k] != from_members[k]) {
			uint32_t c = r.fresh();
			if (!copy_logical(r, m, to_members[k], from_members[k], e, c, out, budget))
				return false;
			e = c;
		}
		parts.push_back(e);
	}
	out.push_back(make(OpCompositeConstruct, parts));
	return true;
}

/* OpCopyLogical (1.4): member by member. */
bool rewrite_copy_logical(rewriter &r, module_info &m, std::string &log)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		if (i.op != OpCopyLogical || i.w.size() != 4) {
			out.push_back(std::move(i));
			continue;
		}
		unsigned budget = 16384;
		if (!copy_logical(r, m, i.w[1], m.value_type(i.w[3]), i.w[3], i.w[2], out, budget)) {
			log += "error: SPIR-V: OpCopyLogical %" + std::to_string(i.w[2]) +
			       " between types Kiln cannot copy member by member\n";
			return false;
		}
		any = true;
	}
	r.code.swap(out);
	r.changed |= any;
	return true;
}

/* OpVectorShuffle of two vectors of different lengths (allowed since 1.0;
 * translator 15 asserts that they are the same): the shorter one is first
 * widened to the longer's length (its components, then copies of the
 * first), and the indices of the second vector moved to match. */
void rewrite_vector_shuffles(rewriter &r, module_info &m)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		auto v1 = m.vectors.find(m.value_type(i.op == OpVectorShuffle && i.w.size() >= 5 ? i.w[3] : 0));
		auto v2 = m.vectors.find(m.value_type(i.op == OpVectorShuffle && i.w.size() >= 5 ? i.w[4] : 0));
		if (v1 == m.vectors.end() || v2 == m.vectors.end() ||
		    v1->second.second == v2->second.second ||
		    v1->second.first != v2->second.first) {
			out.push_back(std::move(i));
			continue;
		}
		uint32_t n1 = v1->second.second, n2 = v2->second.second;
		uint32_t n = n1 > n2 ? n1 : n2;
		uint32_t wide = r.vector_type(v1->second.first, n);
		uint32_t narrow = n1 < n2 ? i.w[3] : i.w[4], widened = r.fresh();
		std::vector<uint32_t> widen{wide, widened, narrow, narrow};
		for (uint32_t k = 0; k < n; k++)
			widen.push_back(k < (n1 < n2 ? n1 : n2) ? k : 0);
		out.push_back(make(OpVectorShuffle, widen));
		if (n1 < n2) {
			i.w[3] = widened;
			for (size_t k = 5; k < i.w.size(); k++)
				if (i.w[k] != 0xffffffffu && i.w[k] >= n1)
					i.w[k] += n2 - n1;
		} else {
			i.w[4] = widened;
		}
		out.push_back(std::move(i));
		any = true;
	}
	r.code.swap(out);
	r.changed |= any;
}

} // namespace spirv_rw
} // namespace kiln
