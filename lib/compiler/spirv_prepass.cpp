/* SPIR-V words rewritten before the translator reads them (spirv.cpp),
 * for what SPIRV-LLVM-Translator 15 cannot read although Kiln supports it.
 * The module has passed the validator (spirv_validate.cpp): well formed,
 * ids defined once, types defined before use.
 *
 *  - OpConstantNull of a scalar integer, float or bool: the translator
 *    asserts that the type is a composite or a pointer (Debian builds it
 *    with assertions on), so such modules fail.  The SPIR-V spec defines
 *    the null value of a scalar as 0 (false for bool): it becomes
 *    OpConstant 0 (OpConstantFalse), which means the same.
 *
 *  - OpReadClockKHR (SPV_KHR_shader_clock, cl_khr_kernel_clock): translator
 *    15 rejects the extension.  Every scope reads the same counter in Kiln
 *    (kernel-lib/kernel_clock.cl), so each read becomes a call of an
 *    imported function __kiln_read_clock returning the 64-bit count (then
 *    an OpBitcast where the result is a 2-component 32-bit vector, whose
 *    first component is the low word, as SPV_KHR_shader_clock says); the
 *    extension and the ShaderClockKHR capability are dropped (also from a
 *    module that declares them without reading the clock: translator 15
 *    ends the process on the extension's name alone), Linkage is added if
 *    missing, and the function's type and declaration go just before the
 *    first function.
 *
 *  - OpBitcast between a pointer and an integer scalar (SPIR-V 1.0 on,
 *    with the Addresses capability) or an integer vector (SPIR-V 1.5,
 *    e.g. a 64-bit pointer and a uint2): the translator makes an LLVM
 *    bitcast of it, which is invalid IR between a pointer and an integer.
 *    It becomes OpConvertPtrToU / OpConvertUToPtr through an unsigned
 *    integer as wide as a pointer of the addressing model (64 bits with
 *    Physical64, 32 with Physical32), with an integer OpBitcast between
 *    that integer and a vector; the integer type (and Int64) are added if
 *    the module lacks them.  The bits are the same: SPIR-V's OpBitcast of a
 *    pointer is the pointer's address, a vector's first component being
 *    its low-order bits (little-endian, as every Kiln device is).  A
 *    pointer and an integer of another total width are refused with a log
 *    line (the spec asks for the same width).
 *
 *  - The Id (index, mask or delta) of OpGroupNonUniformBroadcast,
 *    OpGroupNonUniformBallotBitExtract and OpGroupNonUniformShuffle,
 *    ShuffleXor, ShuffleUp and ShuffleDown may be an unsigned integer of
 *    any width; the translator names the OpenCL C built-in after its type
 *    (sub_group_non_uniform_broadcast(uint, ulong) for a 64-bit one),
 *    while the built-ins take a uint.  An Id of another width than 32 is
 *    converted to 32 bits (OpUConvert) first: an index past 2^32 - 1 is
 *    outside every sub-group, whose result the spec leaves undefined.
 *    Since SPIR-V 1.5 the broadcast's Id need not be a constant (only
 *    dynamically uniform); Kiln's built-in takes it at run time either
 *    way (kernel-lib/subgroups_ballot.cl), so nothing else changes.
 *
 *  - The SPIR-V 1.4 instructions translator 15 does not decode: OpPtrEqual
 *    and OpPtrNotEqual compare the two addresses (OpConvertPtrToU) as
 *    integers; OpPtrDiff divides their difference by the size of the
 *    pointee (OpenCL C layout: module_info::layout) with OpSDiv;
 *    OpCopyLogical copies member by member (OpCompositeExtract, then
 *    OpCompositeConstruct, recursively); OpDecorateString and
 *    OpMemberDecorateString become OpDecorate and OpMemberDecorate (the
 *    same operands), except UserSemantic strings, which go: they say
 *    nothing the program's behaviour depends on, and the translator
 *    crashes on one that decorates a built-in variable.
 *
 *  - OpCopyMemory, on which the translator asserts in every form (it looks
 *    for a size operand): an OpLoad of the source's pointee type and an
 *    OpStore, with the source's and the target's memory operands.
 *    OpCopyMemorySized with two sets of memory operands (1.4), on which it
 *    asserts too: one set that holds for both accesses (Volatile if either
 *    is, Nontemporal if both are, Aligned to the smaller alignment if both
 *    are aligned).
 *
 *  - OpVectorShuffle of two vectors of different lengths (valid SPIR-V;
 *    the translator asserts they are the same): the shorter is widened
 *    first by a shuffle of itself, and the indices into the second vector
 *    moved to match.
 *
 *  - SPIR-V 1.5 modules: the translator ends the process on a version word
 *    above 1.4.  What 1.5 adds that an OpenCL (Kernel) module can use is
 *    the pointer/vector bitcast and the run-time broadcast Id above (the
 *    capabilities it made core are Vulkan's, refused by the validator), so
 *    once those are rewritten the module is stamped 1.4.
 *
 * New ids come after the module's id bound, which grows to cover them; new
 * capabilities go after the first one, new integer types at the head of
 * the types section, new constants and vector types after the module's
 * own (before the first function).
 * Anything the module does not use is left alone: a module without these
 * instructions comes back word for word. */
#include "compiler/spirv_prepass.h"
#include "compiler/spirv_validate.h"

#include <cstring>
#include <map>
#include <set>
#include <vector>

namespace kiln {

namespace {
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
void put_string(std::vector<uint32_t> &w, const char *s)
{
	size_t n = strlen(s) + 1, words = (n + 3) / 4;
	size_t at = w.size();
	w.resize(at + words, 0);
	memcpy(&w[at], s, n);
}

std::string string_at(const std::vector<uint32_t> &w, size_t from)
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
bool preamble(uint32_t op)
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
bool annotation(uint32_t op)
{
	return (op >= OpDecorate && op <= 75) || op == 332 || op == 5632 || op == 5633;
}

insn make(uint32_t op, std::vector<uint32_t> operands)
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

std::vector<insn> rewriter::assemble() const
{
	std::vector<insn> out;
	bool caps = capabilities_.empty(), notes = annotations_.empty(),
	     types = types_.empty(), decls = globals_.empty() && declarations_.empty();
	for (const insn &i : code) {
		if (!notes && !preamble(i.op)) {
			out.insert(out.end(), annotations_.begin(), annotations_.end());
			notes = true;
		}
		if (!types && !preamble(i.op) && !annotation(i.op)) {
			out.insert(out.end(), types_.begin(), types_.end());
			types = true;
		}
		if (!decls && i.op == OpFunction) {
			out.insert(out.end(), globals_.begin(), globals_.end());
			out.insert(out.end(), declarations_.begin(), declarations_.end());
			decls = true;
		}
		out.push_back(i);
		if (!caps && i.op == OpCapability) {
			out.insert(out.end(), capabilities_.begin(), capabilities_.end());
			caps = true;
		}
	}
	if (!notes)
		out.insert(out.end(), annotations_.begin(), annotations_.end());
	if (!types)
		out.insert(out.end(), types_.begin(), types_.end());
	if (!decls) {
		out.insert(out.end(), globals_.begin(), globals_.end());
		out.insert(out.end(), declarations_.begin(), declarations_.end());
	}
	return out;
}

/* OpConstantNull of a scalar: OpConstant 0 or OpConstantFalse. */
void rewrite_scalar_nulls(rewriter &r, const module_info &m)
{
	for (insn &i : r.code) {
		if (i.op != OpConstantNull || i.w.size() != 3)
			continue;
		uint32_t type = i.w[1], id = i.w[2];
		if (m.bools.count(type)) {
			i = make(OpConstantFalse, {type, id});
			r.changed = true;
			continue;
		}
		uint32_t bits = m.int_bits.count(type) ? m.int_bits.at(type)
				: m.float_bits.count(type) ? m.float_bits.at(type) : 0;
		if (!bits)
			continue;
		if (bits > 32)
			i = make(OpConstant, {type, id, 0, 0});
		else
			i = make(OpConstant, {type, id, 0});
		r.changed = true;
	}
}

/* SPV_KHR_shader_clock and ShaderClockKHR, whether or not the module
 * reads the clock: translator 15 ends the process on the extension's
 * name alone. */
void drop_shader_clock(rewriter &r)
{
	std::vector<insn> out;
	for (insn &i : r.code) {
		if ((i.op == OpCapability && i.w.size() >= 2 &&
		     i.w[1] == CapabilityShaderClockKHR) ||
		    (i.op == OpExtension && string_at(i.w, 1) == "SPV_KHR_shader_clock")) {
			r.changed = true;
			continue;
		}
		out.push_back(std::move(i));
	}
	r.code.swap(out);
}

/* OpReadClockKHR: a call of the imported __kiln_read_clock. */
bool rewrite_clock_reads(rewriter &r, module_info &m, std::string &log)
{
	if (!m.clocks)
		return true;
	uint32_t ulong_type = r.uint_type(64);
	uint32_t fn = r.fresh(), fn_type = r.fresh();
	r.add_declaration(make(OpTypeFunction, {fn_type, ulong_type}));
	r.add_declaration(make(OpFunction, {ulong_type, fn, 0, fn_type}));
	r.add_declaration(make(OpFunctionEnd, {}));
	insn d = make(OpDecorate, {fn, DecorationLinkageAttributes});
	put_string(d.w, "__kiln_read_clock");
	d.w.push_back(LinkageTypeImport);
	d.w[0] = ((uint32_t)d.w.size() << 16) | OpDecorate;
	r.add_annotation(d);
	r.need_capability(CapabilityLinkage);

	bool has_function = false;
	std::vector<insn> out;
	for (insn &i : r.code) {
		has_function |= i.op == OpFunction;
		if (i.op != OpReadClockKHR || i.w.size() != 4) {
			out.push_back(std::move(i));
			continue;
		}
		uint32_t type = i.w[1], id = i.w[2];
		auto v = m.vectors.find(type);
		if (m.int_bits.count(type) && m.int_bits[type] == 64) {
			out.push_back(make(OpFunctionCall, {type, id, fn}));
		} else if (v != m.vectors.end() && v->second.second == 2 &&
			   m.int_bits.count(v->second.first) &&
			   m.int_bits[v->second.first] == 32) {
			uint32_t tmp = r.fresh();
			out.push_back(make(OpFunctionCall, {ulong_type, tmp, fn}));
			out.push_back(make(OpBitcast, {type, id, tmp}));
		} else {
			log += "error: SPIR-V: OpReadClockKHR of a type other than a 64-bit integer or a 2-component 32-bit vector\n";
			return false;
		}
	}
	if (!has_function) {
		log += "error: SPIR-V: a module that reads the clock has no function\n";
		return false;
	}
	r.code.swap(out);
	r.changed = true;
	return true;
}

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
bool takes_uint_id(uint32_t op)
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

/* ---- SPIR-V 1.4 instructions translator 15 does not read ------------- */

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
size_t memory_operand_words(const std::vector<uint32_t> &w, size_t k)
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
bool members_of(const module_info &m, uint32_t type, std::vector<uint32_t> &members)
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
bool copy_logical(rewriter &r, const module_info &m, uint32_t to, uint32_t from,
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
} // namespace

bool spirv_prepass(const void *il, size_t size, std::vector<uint32_t> &out,
		   std::string &log)
{
	const uint32_t *in = static_cast<const uint32_t *>(il);
	size_t n = size / 4;
	std::vector<insn> code;
	for (size_t at = 5; at < n;) {
		uint32_t count = in[at] >> 16;
		if (count == 0 || at + count > n) {
			log += "error: SPIR-V: an instruction runs past the end of the module\n";
			return false;
		}
		code.push_back({in[at] & 0xffff, std::vector<uint32_t>(in + at, in + at + count)});
		at += count;
	}

	module_info m(code);
	rewriter r(std::move(code), in[3], m);
	rewrite_scalar_nulls(r, m);
	drop_shader_clock(r);
	if (!rewrite_clock_reads(r, m, log) || !rewrite_pointer_bitcasts(r, m, log))
		return false;
	rewrite_subgroup_ids(r, m);
	rewrite_decorate_strings(r);
	rewrite_copy_memory(r, m);
	rewrite_vector_shuffles(r, m);
	if (!rewrite_pointer_comparisons(r, m, log) || !rewrite_copy_logical(r, m, log))
		return false;

	bool v15 = in[1] == Version15;
	if (!r.changed && !v15) {
		out.assign(in, in + n);
		return true;
	}
	out.assign(in, in + 5);
	if (v15)
		out[1] = Version14;
	out[3] = r.bound();
	for (const insn &i : r.assemble())
		out.insert(out.end(), i.w.begin(), i.w.end());
	return true;
}

} // namespace kiln
