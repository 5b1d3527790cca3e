/* The SPIR-V rewriting kit of the pre-pass (spirv_prepass.cpp): the
 * module as a list of instructions, what the rewrites need to know of it
 * (module_info), the rewriter that hands out new ids and places new
 * capabilities, types, constants and declarations, and the rewrites
 * themselves, one group a file:
 *
 *   spirv_rewrite_clock.cpp   scalar OpConstantNull, SPV_KHR_shader_clock
 *   spirv_rewrite_15.cpp      SPIR-V 1.5: pointer <-> integer OpBitcast,
 *                             sub-group Ids of other widths than 32 bits
 *   spirv_rewrite_14.cpp      SPIR-V 1.4 instructions translator 15 does
 *                             not read, OpCopyMemory, uneven shuffles
 *
 * spirv_prepass.cpp's header comment says what each rewrite emits. */
#ifndef KILN_COMPILER_SPIRV_REWRITE_H
#define KILN_COMPILER_SPIRV_REWRITE_H

#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "compiler/spirv_validate.h"

namespace kiln {
namespace spirv_rw {

enum : uint32_t {
	OpExtension = 10,
	OpMemoryModel = 14,
	OpCapability = 17,
	OpTypeBool = 20,
	OpTypeInt = 21,
	OpTypeFloat = 22,
	OpTypeVector = 23,
	OpTypePointer = 32,
	OpTypeFunction = 33,
	OpConstantFalse = 42,
	OpConstant = 43,
	OpConstantNull = 46,
	OpFunction = 54,
	OpFunctionEnd = 56,
	OpFunctionCall = 57,
	OpLoad = 61,
	OpStore = 62,
	OpDecorate = 71,
	OpUConvert = 113,
	OpConvertPtrToU = 117,
	OpConvertUToPtr = 120,
	OpBitcast = 124,
	OpTypeArray = 28,
	OpTypeStruct = 30,
	OpCopyMemory = 63,
	OpCopyMemorySized = 64,
	OpMemberDecorate = 72,
	OpVectorShuffle = 79,
	OpCompositeConstruct = 80,
	OpCompositeExtract = 81,
	OpCopyObject = 83,
	OpSConvert = 114,
	OpISub = 130,
	OpSDiv = 135,
	OpIEqual = 170,
	OpINotEqual = 171,
	OpCopyLogical = 400,
	OpPtrEqual = 401,
	OpPtrNotEqual = 402,
	OpPtrDiff = 403,
	OpDecorateString = 5632,
	OpMemberDecorateString = 5633,
	DecorationCPacked = 10,
	DecorationUserSemantic = 5635,
	OpGroupNonUniformBroadcast = 337,
	OpGroupNonUniformBallotBitExtract = 341,
	OpGroupNonUniformShuffle = 345,
	OpGroupNonUniformShuffleXor = 346,
	OpGroupNonUniformShuffleUp = 347,
	OpGroupNonUniformShuffleDown = 348,
	OpReadClockKHR = 5056,
	CapabilityLinkage = 5,
	CapabilityInt64 = 11,
	CapabilityInt16 = 22,
	CapabilityInt8 = 39,
	CapabilityShaderClockKHR = 5055,
	DecorationLinkageAttributes = 41,
	LinkageTypeImport = 1,
	AddressingPhysical32 = 1,
	Version14 = 0x00010400,
	Version15 = 0x00010500,
};

struct insn {
	uint32_t op;
	std::vector<uint32_t> w; /* all words, the first included */
};

/* A literal string as SPIR-V words (nul-terminated, padded). */
inline void put_string(std::vector<uint32_t> &w, const char *s)
{
	size_t n = strlen(s) + 1, words = (n + 3) / 4;
	size_t at = w.size();
	w.resize(at + words, 0);
	memcpy(&w[at], s, n);
}

inline std::string string_at(const std::vector<uint32_t> &w, size_t from)
{
	std::string s;
	for (size_t i = from; i < w.size(); i++)
		for (int b = 0; b < 4; b++) {
			char c = (char)((w[i] >> (8 * b)) & 0xff);
			if (!c)
				return s;
			s += c;
		}
	return s;
}

/* Instructions of the sections before the annotations: capabilities,
 * extensions, imports, memory model, entry points, execution modes and
 * debug information (SPIR-V spec §2.4 "Logical Layout of a Module"). */
inline bool preamble(uint32_t op)
{
	switch (op) {
	case 2: case 3: case 4: case 5: case 6: case 7: /* Source*, Name, String */
	case OpExtension: case 11: case OpMemoryModel: case 15: case 16: case OpCapability:
	case 330: case 331: /* OpModuleProcessed, OpExecutionModeId */
		return true;
	}
	return false;
}

/* The annotations (§2.4): decorations and decoration groups. */
inline bool annotation(uint32_t op)
{
	return (op >= OpDecorate && op <= 75) || op == 332 || op == 5632 || op == 5633;
}

inline insn make(uint32_t op, std::vector<uint32_t> operands)
{
	insn i{op, {}};
	i.w.push_back(((uint32_t)(operands.size() + 1) << 16) | op);
	i.w.insert(i.w.end(), operands.begin(), operands.end());
	return i;
}

/* What the rewrites need to know of the module: its scalar, vector and
 * pointer types, the type of every value, its capabilities and the width
 * of its pointers. */
struct module_info {
	std::map<uint32_t, uint32_t> int_bits, float_bits;
	std::set<uint32_t> bools, pointers;
	std::map<uint32_t, std::pair<uint32_t, uint32_t>> vectors; /* component, count */
	std::map<uint32_t, uint32_t> uint_of_width;                /* OpTypeInt N 0 */
	std::map<uint32_t, uint32_t> type_of;                      /* value -> type */
	std::map<uint32_t, uint32_t> pointee;                      /* pointer type */
	std::map<uint32_t, std::vector<uint32_t>> structs;         /* members */
	std::map<uint32_t, std::pair<uint32_t, uint32_t>> arrays;  /* element, length id */
	std::map<uint32_t, uint64_t> constants;                    /* integer OpConstant */
	std::map<std::pair<uint32_t, uint32_t>, uint32_t> vector_of; /* (component, count) */
	std::set<uint32_t> packed;                                 /* CPacked structs */
	std::set<uint32_t> capabilities;
	uint32_t pointer_bits = 64;
	bool clocks = false;

	explicit module_info(const std::vector<insn> &code)
	{
		for (const insn &i : code) {
			const std::vector<uint32_t> &w = i.w;
			if (i.op == OpTypeInt && w.size() >= 4) {
				int_bits[w[1]] = w[2];
				if (w[3] == 0 && !uint_of_width.count(w[2]))
					uint_of_width[w[2]] = w[1];
			} else if (i.op == OpTypeFloat && w.size() >= 3)
				float_bits[w[1]] = w[2];
			else if (i.op == OpTypeBool && w.size() >= 2)
				bools.insert(w[1]);
			else if (i.op == OpTypeVector && w.size() >= 4) {
				vectors[w[1]] = {w[2], w[3]};
				vector_of.emplace(std::make_pair(w[2], w[3]), w[1]);
			} else if (i.op == OpTypePointer && w.size() >= 4) {
				pointers.insert(w[1]);
				pointee[w[1]] = w[3];
			} else if (i.op == OpTypeStruct && w.size() >= 2)
				structs[w[1]] = std::vector<uint32_t>(w.begin() + 2, w.end());
			else if (i.op == OpTypeArray && w.size() >= 4)
				arrays[w[1]] = {w[2], w[3]};
			else if (i.op == OpConstant && w.size() >= 4 && int_bits.count(w[1]))
				constants[w[2]] = w[3] | (w.size() >= 5 ? (uint64_t)w[4] << 32 : 0);
			else if (i.op == OpDecorate && w.size() >= 3 && w[2] == DecorationCPacked)
				packed.insert(w[1]);
			else if (i.op == OpCapability && w.size() >= 2)
				capabilities.insert(w[1]);
			else if (i.op == OpMemoryModel && w.size() >= 2)
				pointer_bits = w[1] == AddressingPhysical32 ? 32 : 64;
			else if (i.op == OpReadClockKHR)
				clocks = true;
			if (w.size() >= 3 && spirv_has_result_type(i.op))
				type_of[w[2]] = w[1];
		}
	}

	/* Bits of an integer scalar or of a vector of integers; 0 for any
	 * other type. */
	uint32_t integer_bits(uint32_t type) const
	{
		auto s = int_bits.find(type);
		if (s != int_bits.end())
			return s->second;
		auto v = vectors.find(type);
		if (v == vectors.end())
			return 0;
		auto c = int_bits.find(v->second.first);
		return c == int_bits.end() ? 0 : c->second * v->second.second;
	}
	uint32_t value_type(uint32_t id) const
	{
		auto t = type_of.find(id);
		return t == type_of.end() ? 0 : t->second;
	}

	/* Size and alignment in bytes of a type in memory, as the OpenCL C
	 * (and LLVM x86-64) layout has them: scalars and pointers aligned to
	 * their size, vectors to theirs (3 components as 4), arrays to their
	 * element, structs to their largest member and padded to it unless
	 * CPacked.  False for a type without a size (or one too deep). */
	bool layout(uint32_t type, uint64_t &size, uint64_t &align, int depth = 0) const
	{
		if (depth > 64)
			return false;
		if (int_bits.count(type) || float_bits.count(type)) {
			size = align = (int_bits.count(type) ? int_bits.at(type) : float_bits.at(type)) / 8;
			return size > 0;
		}
		if (pointers.count(type)) {
			size = align = pointer_bits / 8;
			return true;
		}
		auto v = vectors.find(type);
		if (v != vectors.end()) {
			uint64_t cs, ca;
			if (!layout(v->second.first, cs, ca, depth + 1))
				return false;
			size = align = cs * (v->second.second == 3 ? 4 : v->second.second);
			return true;
		}
		auto a = arrays.find(type);
		if (a != arrays.end()) {
			auto n = constants.find(a->second.second);
			if (n == constants.end() || !layout(a->second.first, size, align, depth + 1))
				return false;
			size *= n->second;
			return true;
		}
		auto st = structs.find(type);
		if (st == structs.end())
			return false;
		bool is_packed = packed.count(type);
		size = 0;
		align = 1;
		for (uint32_t member : st->second) {
			uint64_t ms, ma;
			if (!layout(member, ms, ma, depth + 1))
				return false;
			if (is_packed)
				ma = 1;
			size = (size + ma - 1) / ma * ma + ms;
			align = ma > align ? ma : align;
		}
		size = (size + align - 1) / align * align;
		return true;
	}
};

/* The module being rewritten: its instructions, the next free id, and what
 * the rewrites add around them (capabilities, annotations, types, function
 * declarations), which assemble() puts where §2.4 wants them. */
class rewriter {
public:
	rewriter(std::vector<insn> code, uint32_t bound, module_info &m)
		: code(std::move(code)), m_(m), bound_(bound) {}

	std::vector<insn> code;
	bool changed = false;

	uint32_t fresh() { return bound_++; }
	uint32_t bound() const { return bound_; }

	void need_capability(uint32_t c)
	{
		if (m_.capabilities.insert(c).second)
			capabilities_.push_back(make(OpCapability, {c}));
	}
	/* The module's unsigned integer type of `bits`, declared if it has
	 * none (with the capability that width needs). */
	uint32_t uint_type(uint32_t bits)
	{
		auto t = m_.uint_of_width.find(bits);
		if (t != m_.uint_of_width.end())
			return t->second;
		uint32_t id = fresh();
		types_.push_back(make(OpTypeInt, {id, bits, 0}));
		m_.int_bits[id] = bits;
		m_.uint_of_width[bits] = id;
		if (bits == 64)
			need_capability(CapabilityInt64);
		else if (bits == 16)
			need_capability(CapabilityInt16);
		else if (bits == 8)
			need_capability(CapabilityInt8);
		return id;
	}
	void add_annotation(insn i) { annotations_.push_back(std::move(i)); }
	/* Goes after every type and constant of the module: new constants and
	 * types that refer to the module's. */
	void add_global(insn i) { globals_.push_back(std::move(i)); }
	/* A new integer constant of `type` (of `bits`). */
	uint32_t constant(uint32_t type, uint32_t bits, uint64_t value)
	{
		uint32_t id = fresh();
		if (bits > 32)
			add_global(make(OpConstant, {type, id, (uint32_t)value, (uint32_t)(value >> 32)}));
		else
			add_global(make(OpConstant, {type, id, (uint32_t)value}));
		return id;
	}
	/* The module's vector type of `count` `component`s, declared if it has
	 * none. */
	uint32_t vector_type(uint32_t component, uint32_t count)
	{
		auto t = m_.vector_of.find({component, count});
		if (t != m_.vector_of.end())
			return t->second;
		uint32_t id = fresh();
		add_global(make(OpTypeVector, {id, component, count}));
		m_.vector_of[{component, count}] = id;
		m_.vectors[id] = {component, count};
		return id;
	}
	/* Goes before the first function: function types and declarations. */
	void add_declaration(insn i) { declarations_.push_back(std::move(i)); }

	/* The rewritten module's instructions, the additions in place. */
	std::vector<insn> assemble() const;

private:
	module_info &m_;
	uint32_t bound_;
	std::vector<insn> capabilities_, annotations_, types_, globals_, declarations_;
};

/* ---- the rewrites (each sets r.changed when it changes anything) ------ */

/* spirv_rewrite_clock.cpp */
void rewrite_scalar_nulls(rewriter &r, const module_info &m);
void drop_shader_clock(rewriter &r);
bool rewrite_clock_reads(rewriter &r, module_info &m, std::string &log);
/* spirv_rewrite_15.cpp */
bool rewrite_pointer_bitcasts(rewriter &r, module_info &m, std::string &log);
void rewrite_subgroup_ids(rewriter &r, module_info &m);
/* spirv_rewrite_14.cpp */
void rewrite_decorate_strings(rewriter &r);
void rewrite_copy_memory(rewriter &r, module_info &m);
bool rewrite_pointer_comparisons(rewriter &r, module_info &m, std::string &log);
bool rewrite_copy_logical(rewriter &r, module_info &m, std::string &log);
void rewrite_vector_shuffles(rewriter &r, module_info &m);

} // namespace spirv_rw
} // namespace kiln

#endif
