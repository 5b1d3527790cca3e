/* SPIR-V words rewritten before the translator reads them (spirv.cpp),
 * for what SPIRV-LLVM-Translator 15 cannot read although Kiln supports it:
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
 *    module that declares them without reading the clock), Linkage is
 *    added if missing, and the function's type and declaration go just
 *    before the first function.
 *
 * Anything the module does not use is left alone: a module without these
 * instructions comes back word for word. */
#include "compiler/spirv_prepass.h"

#include <cstring>
#include <map>
#include <vector>

namespace kiln {

namespace {
enum : uint32_t {
	OpExtension = 10,
	OpCapability = 17,
	OpTypeBool = 20,
	OpTypeInt = 21,
	OpTypeFloat = 22,
	OpTypeVector = 23,
	OpTypeFunction = 33,
	OpConstantFalse = 42,
	OpConstant = 43,
	OpConstantNull = 46,
	OpFunction = 54,
	OpFunctionEnd = 56,
	OpFunctionCall = 57,
	OpDecorate = 71,
	OpBitcast = 124,
	OpReadClockKHR = 5056,
	CapabilityLinkage = 5,
	CapabilityInt64 = 11,
	CapabilityShaderClockKHR = 5055,
	DecorationLinkageAttributes = 41,
	LinkageTypeImport = 1,
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
	case OpExtension: case 11: case 14: case 15: case 16: case OpCapability:
	case 330: case 331: /* OpModuleProcessed, OpExecutionModeId */
		return true;
	}
	return false;
}

insn make(uint32_t op, std::vector<uint32_t> operands)
{
	insn i{op, {}};
	i.w.push_back(((uint32_t)(operands.size() + 1) << 16) | op);
	i.w.insert(i.w.end(), operands.begin(), operands.end());
	return i;
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

	/* Scalar types, by id: bits of ints and floats, bool, 2 x 32-bit int
	 * vectors. */
	std::map<uint32_t, uint32_t> int_bits, float_bits;
	std::map<uint32_t, bool> is_bool, is_uint2;
	bool clocks = false, has_linkage = false, has_int64 = false;
	uint32_t ulong_type = 0;
	for (auto &i : code) {
		if (i.op == OpTypeInt && i.w.size() >= 4) {
			int_bits[i.w[1]] = i.w[2];
			if (i.w[2] == 64 && i.w[3] == 0)
				ulong_type = i.w[1];
		} else if (i.op == OpTypeFloat && i.w.size() >= 3)
			float_bits[i.w[1]] = i.w[2];
		else if (i.op == OpTypeBool && i.w.size() >= 2)
			is_bool[i.w[1]] = true;
		else if (i.op == OpTypeVector && i.w.size() >= 4)
			is_uint2[i.w[1]] = i.w[3] == 2 && int_bits.count(i.w[2]) &&
					   int_bits[i.w[2]] == 32;
		else if (i.op == OpReadClockKHR)
			clocks = true;
		else if (i.op == OpCapability && i.w.size() >= 2) {
			has_linkage |= i.w[1] == CapabilityLinkage;
			has_int64 |= i.w[1] == CapabilityInt64;
		}
	}

	uint32_t bound = in[3];
	bool changed = false;
	std::vector<insn> res;
	for (auto &i : code) {
		if (i.op == OpConstantNull && i.w.size() == 3) {
			uint32_t type = i.w[1], id = i.w[2];
			if (is_bool.count(type)) {
				res.push_back(make(OpConstantFalse, {type, id}));
				changed = true;
				continue;
			}
			uint32_t bits = int_bits.count(type) ? int_bits[type]
					: float_bits.count(type) ? float_bits[type] : 0;
			if (bits) {
				if (bits > 32)
					res.push_back(make(OpConstant, {type, id, 0, 0}));
				else
					res.push_back(make(OpConstant, {type, id, 0}));
				changed = true;
				continue;
			}
		}
		/* The extension and its capability go whether or not the
		 * module reads the clock: translator 15 ends the process on
		 * the extension's name alone. */
		if (i.op == OpCapability && i.w.size() >= 2 &&
		    i.w[1] == CapabilityShaderClockKHR) {
			changed = true;
			continue;
		}
		if (i.op == OpExtension &&
		    string_at(i.w, 1) == "SPV_KHR_shader_clock") {
			changed = true;
			continue;
		}
		res.push_back(i);
	}

	if (clocks) {
		uint32_t fn = bound++, fn_type = bound++;
		std::vector<insn> types;
		if (!ulong_type) {
			ulong_type = bound++;
			types.push_back(make(OpTypeInt, {ulong_type, 64, 0}));
		}
		types.push_back(make(OpTypeFunction, {fn_type, ulong_type}));
		types.push_back(make(OpFunction, {ulong_type, fn, 0, fn_type}));
		types.push_back(make(OpFunctionEnd, {}));

		std::vector<insn> body;
		bool placed = false, decorated = false;
		for (auto &i : res) {
			/* The declaration's linkage with the other annotations:
			 * before the first instruction after the debug ones. */
			if (!decorated && !preamble(i.op)) {
				insn d = make(OpDecorate, {fn, DecorationLinkageAttributes});
				put_string(d.w, "__kiln_read_clock");
				d.w.push_back(LinkageTypeImport);
				d.w[0] = ((uint32_t)d.w.size() << 16) | OpDecorate;
				body.push_back(d);
				decorated = true;
			}
			if (!placed && i.op == OpFunction) {
				body.insert(body.end(), types.begin(), types.end());
				placed = true;
			}
			if (i.op == OpReadClockKHR && i.w.size() == 4) {
				uint32_t type = i.w[1], id = i.w[2];
				if (type == ulong_type || (int_bits.count(type) && int_bits[type] == 64)) {
					body.push_back(make(OpFunctionCall, {type, id, fn}));
				} else if (is_uint2.count(type) && is_uint2[type]) {
					uint32_t tmp = bound++;
					body.push_back(make(OpFunctionCall, {ulong_type, tmp, fn}));
					body.push_back(make(OpBitcast, {type, id, tmp}));
				} else {
					log += "error: SPIR-V: OpReadClockKHR of a type other than a 64-bit integer or a 2-component 32-bit vector\n";
					return false;
				}
				continue;
			}
			body.push_back(i);
		}
		if (!placed || !decorated) {
			log += "error: SPIR-V: a module that reads the clock has no function\n";
			return false;
		}
		res.swap(body);
		/* Linkage (the import) and Int64 (the count) after the first
		 * capability. */
		for (size_t k = 0; k < res.size(); k++)
			if (res[k].op == OpCapability) {
				if (!has_linkage)
					res.insert(res.begin() + (long)k + 1,
						   make(OpCapability, {CapabilityLinkage}));
				if (!has_int64)
					res.insert(res.begin() + (long)k + 1,
						   make(OpCapability, {CapabilityInt64}));
				break;
			}
		changed = true;
	}

	out.assign(in, in + 5);
	if (!changed) {
		out.assign(in, in + n);
		return true;
	}
	out[3] = bound;
	for (auto &i : res)
		out.insert(out.end(), i.w.begin(), i.w.end());
	return true;
}

} // namespace kiln
