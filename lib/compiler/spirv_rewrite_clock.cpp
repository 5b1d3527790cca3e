/* Scalar OpConstantNull and SPV_KHR_shader_clock, rewritten for
 * translator 15 (spirv_rewrite.h; spirv_prepass.cpp says what they emit). */
#include "compiler/spirv_rewrite.h"

namespace kiln {
namespace spirv_rw {

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

} // namespace spirv_rw
} // namespace kiln
