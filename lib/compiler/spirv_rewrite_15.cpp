/* SPIR-V 1.5 for translator 15: pointer <-> integer OpBitcast and
 * sub-group Ids of other widths than 32 bits (spirv_rewrite.h;
 * spirv_prepass.cpp says what they emit). */
#include "compiler/spirv_rewrite.h"

namespace kiln {
namespace spirv_rw {

/* OpBitcast between a pointer and an integer scalar or vector: through
 * OpConvertPtrToU / OpConvertUToPtr of a pointer-wide unsigned integer. */
bool rewrite_pointer_bitcasts(rewriter &r, module_info &m, std::string &log)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		if (i.op != OpBitcast || i.w.size() != 4) {
			out.push_back(std::move(i));
			continue;
		}
		uint32_t type = i.w[1], id = i.w[2], from = i.w[3];
		uint32_t from_type = m.value_type(from);
		bool to_pointer = m.pointers.count(type), from_pointer = m.pointers.count(from_type);
		if (to_pointer == from_pointer) {
			out.push_back(std::move(i));
			continue;
		}
		uint32_t integer = to_pointer ? from_type : type;
		uint32_t bits = m.integer_bits(integer);
		if (bits != m.pointer_bits) {
			log += "error: SPIR-V: OpBitcast %" + std::to_string(id) +
			       " between a pointer of " + std::to_string(m.pointer_bits) +
			       " bits and a value that is not an integer scalar or vector of " +
			       std::to_string(m.pointer_bits) + " bits\n";
			return false;
		}
		bool scalar = m.int_bits.count(integer);
		uint32_t address = scalar ? 0 : r.uint_type(m.pointer_bits);
		if (from_pointer && scalar) {
			out.push_back(make(OpConvertPtrToU, {type, id, from}));
		} else if (from_pointer) {
			uint32_t tmp = r.fresh();
			out.push_back(make(OpConvertPtrToU, {address, tmp, from}));
			out.push_back(make(OpBitcast, {type, id, tmp}));
		} else if (scalar) {
			out.push_back(make(OpConvertUToPtr, {type, id, from}));
		} else {
			uint32_t tmp = r.fresh();
			out.push_back(make(OpBitcast, {address, tmp, from}));
			out.push_back(make(OpConvertUToPtr, {type, id, tmp}));
		}
		any = true;
	}
	r.code.swap(out);
	r.changed |= any;
	return true;
}

/* The sub-group instructions whose Id operand (word 5) the OpenCL C
 * built-ins take as a uint. */
static bool takes_uint_id(uint32_t op)
{
	switch (op) {
	case OpGroupNonUniformBroadcast:
	case OpGroupNonUniformBallotBitExtract:
	case OpGroupNonUniformShuffle:
	case OpGroupNonUniformShuffleXor:
	case OpGroupNonUniformShuffleUp:
	case OpGroupNonUniformShuffleDown:
		return true;
	}
	return false;
}

/* A sub-group Id of another width than 32 bits: OpUConvert to a uint. */
void rewrite_subgroup_ids(rewriter &r, module_info &m)
{
	std::vector<insn> out;
	bool any = false;
	for (insn &i : r.code) {
		if (takes_uint_id(i.op) && i.w.size() == 6) {
			uint32_t type = m.value_type(i.w[5]);
			uint32_t bits = m.int_bits.count(type) ? m.int_bits[type] : 32;
			if (bits != 32) {
				uint32_t tmp = r.fresh();
				out.push_back(make(OpUConvert, {r.uint_type(32), tmp, i.w[5]}));
				i.w[5] = tmp;
				any = true;
			}
		}
		out.push_back(std::move(i));
	}
	r.code.swap(out);
	r.changed |= any;
}

} // namespace spirv_rw
} // namespace kiln
