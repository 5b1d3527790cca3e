/* Unit tests of the SPIR-V pre-pass (lib/compiler/spirv_prepass.cpp) on
 * modules built here word by word: what each rewrite emits, the ids and
 * types it adds, the version stamp of SPIR-V 1.5 modules, and that a
 * module with nothing to rewrite comes back word for word.  Every module
 * also passes the validator first, as in kiln_ir_from_spirv; where
 * spirv-val (SPIRV-Tools) is installed, each rewritten module must be
 * valid SPIR-V 1.4 to it. */
#include "compiler/spirv_prepass.h"
#include "compiler/spirv_validate.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

static int failures, checks;
#define CHECK(c)                                                               \
	do {                                                                   \
		checks++;                                                      \
		if (!(c)) {                                                    \
			failures++;                                            \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #c);                                 \
		}                                                              \
	} while (0)

namespace {

enum : uint32_t {
	OpMemoryModel = 14, OpEntryPoint = 15, OpCapability = 17, OpTypeVoid = 19,
	OpTypeInt = 21, OpTypeVector = 23, OpTypePointer = 32, OpTypeFunction = 33,
	OpConstant = 43, OpFunction = 54, OpFunctionParameter = 55, OpFunctionEnd = 56,
	OpStore = 62, OpLabel = 248, OpReturn = 253, OpUConvert = 113,
	OpConvertPtrToU = 117, OpConvertUToPtr = 120, OpBitcast = 124,
	OpGroupNonUniformBroadcast = 337,
	CapAddresses = 4, CapKernel = 6, CapInt64 = 11, CapInt16 = 22,
	CapGroupNonUniformBallot = 64,
	CrossWorkgroup = 5,
};

/* A module under construction: header, then instructions. */
struct module {
	std::vector<uint32_t> w;
	explicit module(uint32_t version, uint32_t bound)
		: w{0x07230203u, version, 0, bound, 0} {}
	module &op(uint32_t code, std::vector<uint32_t> operands)
	{
		w.push_back(((uint32_t)(operands.size() + 1) << 16) | code);
		w.insert(w.end(), operands.begin(), operands.end());
		return *this;
	}
	/* OpEntryPoint Kernel %fn "k" */
	module &entry(uint32_t fn) { return op(OpEntryPoint, {6, fn, 'k'}); }
};

struct insn {
	uint32_t op;
	std::vector<uint32_t> operands;
};

std::vector<insn> decode(const std::vector<uint32_t> &w)
{
	std::vector<insn> out;
	for (size_t at = 5; at < w.size() && (w[at] >> 16);) {
		uint32_t n = w[at] >> 16;
		out.push_back({w[at] & 0xffff, std::vector<uint32_t>(w.begin() + at + 1,
								     w.begin() + at + n)});
		at += n;
	}
	return out;
}

/* The instructions of opcode `op`, in order. */
std::vector<insn> all(const std::vector<insn> &code, uint32_t op)
{
	std::vector<insn> r;
	for (const insn &i : code)
		if (i.op == op)
			r.push_back(i);
	return r;
}

bool has_capability(const std::vector<insn> &code, uint32_t cap)
{
	for (const insn &i : all(code, OpCapability))
		if (i.operands[0] == cap)
			return true;
	return false;
}

/* Validated, then rewritten; false (with the log printed) on refusal. */
bool prepass(const module &m, std::vector<uint32_t> &out, std::string &log)
{
	log.clear();
	if (!kiln::spirv_validate(m.w.data(), m.w.size() * 4, log)) {
		fprintf(stderr, "validator: %s", log.c_str());
		return false;
	}
	return kiln::spirv_prepass(m.w.data(), m.w.size() * 4, out, log);
}

/* spirv-val --target-env spv1.4 on the rewritten words, where installed. */
void check_valid_14(const std::vector<uint32_t> &w, const char *what)
{
	const char *val = "/usr/bin/spirv-val";
	if (access(val, X_OK) != 0)
		return;
	char path[] = "/tmp/kiln-prepass-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return;
	ssize_t n = write(fd, w.data(), w.size() * 4);
	close(fd);
	CHECK(n == (ssize_t)(w.size() * 4));
	std::string cmd = std::string(val) + " --target-env spv1.4 " + path;
	int rc = system(cmd.c_str());
	if (rc != 0)
		fprintf(stderr, "%s: spirv-val refuses the rewritten module\n", what);
	CHECK(rc == 0);
	unlink(path);
}

/* Ids of the modules below. */
enum : uint32_t {
	VOID = 1, UINT, UINT2, PTR, FNTY, FN, PARAM, LABEL, CAST, BACK, ULONG,
	PPTR, SCOPE, USHORT, IDX, BCAST, OUT, NEXT_ID,
};

/* A kernel with a global uint* parameter %PARAM and a global uint**
 * %OUT, whose body is `body`,
 * in a module of `version` with `addressing` (1 Physical32, 2 Physical64)
 * and the extra capabilities and types given. */
module kernel(uint32_t version, uint32_t addressing, std::vector<uint32_t> caps,
	      void (*types)(module &), void (*body)(module &))
{
	module m(version, NEXT_ID);
	m.op(OpCapability, {CapAddresses}).op(OpCapability, {CapKernel});
	for (uint32_t c : caps)
		m.op(OpCapability, {c});
	m.op(OpMemoryModel, {addressing, 2}).entry(FN);
	m.op(OpTypeVoid, {VOID}).op(OpTypeInt, {UINT, 32, 0});
	types(m);
	m.op(OpTypePointer, {PTR, CrossWorkgroup, UINT});
	m.op(OpTypePointer, {PPTR, CrossWorkgroup, PTR});
	m.op(OpTypeFunction, {FNTY, VOID, PTR, PPTR});
	m.op(OpFunction, {VOID, FN, 0, FNTY}).op(OpFunctionParameter, {PTR, PARAM});
	m.op(OpFunctionParameter, {PPTR, OUT});
	m.op(OpLabel, {LABEL});
	body(m);
	m.op(OpReturn, {}).op(OpFunctionEnd, {});
	return m;
}

/* 1.5: a pointer to a uint2 and back, in a module without a 64-bit
 * integer: ulong (and Int64) are added, two new ids. */
void test_pointer_vector_casts()
{
	module m = kernel(0x00010500, 2, {},
			  [](module &m) { m.op(OpTypeVector, {UINT2, UINT, 2}); },
			  [](module &m) {
				  m.op(OpBitcast, {UINT2, CAST, PARAM});
				  m.op(OpBitcast, {PTR, BACK, CAST});
				  m.op(OpStore, {OUT, BACK});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	if (out.size() < 5)
		return;
	CHECK(out[1] == 0x00010400); /* stamped 1.4 */
	CHECK(out[3] == NEXT_ID + 3); /* ulong and two temporaries */
	std::vector<insn> code = decode(out);
	CHECK(has_capability(code, CapInt64));
	std::vector<insn> ints = all(code, OpTypeInt);
	/* the new type heads the types section */
	CHECK(ints.size() == 2 && ints[0].operands == (std::vector<uint32_t>{NEXT_ID, 64, 0}));
	uint32_t ulong = NEXT_ID;
	std::vector<insn> p2u = all(code, OpConvertPtrToU), u2p = all(code, OpConvertUToPtr),
			  casts = all(code, OpBitcast);
	CHECK(p2u.size() == 1 && u2p.size() == 1 && casts.size() == 2);
	if (p2u.size() == 1 && u2p.size() == 1 && casts.size() == 2) {
		uint32_t t1 = p2u[0].operands[1], t2 = u2p[0].operands[2];
		CHECK(p2u[0].operands == (std::vector<uint32_t>{ulong, t1, PARAM}));
		CHECK(casts[0].operands == (std::vector<uint32_t>{UINT2, CAST, t1}));
		CHECK(casts[1].operands == (std::vector<uint32_t>{ulong, t2, CAST}));
		CHECK(u2p[0].operands == (std::vector<uint32_t>{PTR, BACK, t2}));
		CHECK(t1 > ulong && t2 > ulong && t1 != t2 && t1 < out[3] && t2 < out[3]);
	}
	check_valid_14(out, "pointer/vector casts");
}

/* Any version: a pointer to a ulong and back becomes the conversions
 * themselves, with no new id. */
void test_pointer_scalar_casts()
{
	module m = kernel(0x00010200, 2, {CapInt64},
			  [](module &m) { m.op(OpTypeInt, {ULONG, 64, 0}); },
			  [](module &m) {
				  m.op(OpBitcast, {ULONG, CAST, PARAM});
				  m.op(OpBitcast, {PTR, BACK, CAST});
				  m.op(OpStore, {OUT, BACK});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	if (out.size() < 5)
		return;
	CHECK(out[1] == 0x00010200 && out[3] == NEXT_ID);
	std::vector<insn> code = decode(out);
	CHECK(all(code, OpBitcast).empty());
	std::vector<insn> p2u = all(code, OpConvertPtrToU), u2p = all(code, OpConvertUToPtr);
	CHECK(p2u.size() == 1 && p2u[0].operands == (std::vector<uint32_t>{ULONG, CAST, PARAM}));
	CHECK(u2p.size() == 1 && u2p[0].operands == (std::vector<uint32_t>{PTR, BACK, CAST}));
	CHECK(out.size() == m.w.size()); /* one instruction for one */
	check_valid_14(out, "pointer/scalar casts");
}

/* Physical32: the address is a 32-bit uint; a 64-bit vector does not fit
 * a 32-bit pointer and is refused with a log line. */
void test_physical32()
{
	module ok = kernel(0x00010500, 1, {}, [](module &) {},
			   [](module &m) {
				   m.op(OpBitcast, {UINT, CAST, PARAM});
				   m.op(OpBitcast, {PTR, BACK, CAST});
				   m.op(OpStore, {OUT, BACK});
			   });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(ok, out, log));
	std::vector<insn> code = decode(out);
	CHECK(all(code, OpConvertPtrToU).size() == 1 && all(code, OpConvertUToPtr).size() == 1);
	CHECK(!has_capability(code, CapInt64));
	check_valid_14(out, "Physical32 casts");

	module bad = kernel(0x00010500, 1, {},
			    [](module &m) { m.op(OpTypeVector, {UINT2, UINT, 2}); },
			    [](module &m) { m.op(OpBitcast, {UINT2, CAST, PARAM}); });
	CHECK(!prepass(bad, out, log));
	CHECK(log.find("pointer of 32 bits") != std::string::npos);
}

/* OpGroupNonUniformBroadcast with an Id of 16 bits: an OpUConvert to a
 * uint goes before it; a 32-bit Id (here a run-time one, as 1.5 allows)
 * is left alone. */
void test_broadcast_ids()
{
	module m = kernel(0x00010500, 2, {CapInt16, CapGroupNonUniformBallot},
			  [](module &m) {
				  m.op(OpTypeInt, {USHORT, 16, 0});
				  m.op(OpConstant, {UINT, SCOPE, 3});
				  m.op(OpConstant, {USHORT, IDX, 1});
			  },
			  [](module &m) {
				  m.op(OpGroupNonUniformBroadcast, {UINT, BCAST, SCOPE, SCOPE, IDX});
				  m.op(OpGroupNonUniformBroadcast, {UINT, CAST, SCOPE, BCAST, BCAST});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	if (out.size() < 5)
		return;
	CHECK(out[3] == NEXT_ID + 1);
	std::vector<insn> code = decode(out);
	std::vector<insn> conv = all(code, OpUConvert), b = all(code, OpGroupNonUniformBroadcast);
	CHECK(conv.size() == 1 && b.size() == 2);
	if (conv.size() == 1 && b.size() == 2) {
		CHECK(conv[0].operands == (std::vector<uint32_t>{UINT, NEXT_ID, IDX}));
		CHECK(b[0].operands == (std::vector<uint32_t>{UINT, BCAST, SCOPE, SCOPE, NEXT_ID}));
		CHECK(b[1].operands == (std::vector<uint32_t>{UINT, CAST, SCOPE, BCAST, BCAST}));
	}
}

/* Nothing to rewrite: a 1.4 module comes back word for word, a 1.5 one
 * with only its version word changed. */
void test_untouched()
{
	auto types = [](module &) {};
	auto body = [](module &m) { m.op(OpStore, {OUT, PARAM}); };
	module m14 = kernel(0x00010400, 2, {}, types, body);
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m14, out, log) && out == m14.w);
	module m15 = kernel(0x00010500, 2, {}, types, body);
	CHECK(prepass(m15, out, log));
	std::vector<uint32_t> want = m15.w;
	want[1] = 0x00010400;
	CHECK(out == want);
}

/* The validator: 1.5 in, 1.6 out with a log naming it, the Vulkan memory
 * model capability out. */
void test_versions()
{
	auto types = [](module &) {};
	auto body = [](module &m) { m.op(OpStore, {OUT, PARAM}); };
	module m16 = kernel(0x00010600, 2, {}, types, body);
	std::string log;
	CHECK(!kiln::spirv_validate(m16.w.data(), m16.w.size() * 4, log));
	CHECK(log.find("SPIR-V 1.6") != std::string::npos);
	module vmm = kernel(0x00010500, 2, {5345}, types, body);
	log.clear();
	CHECK(!kiln::spirv_validate(vmm.w.data(), vmm.w.size() * 4, log));
	CHECK(log.find("VulkanMemoryModel") != std::string::npos);
}

} // namespace

int main()
{
	test_pointer_vector_casts();
	test_pointer_scalar_casts();
	test_physical32();
	test_broadcast_ids();
	test_untouched();
	test_versions();
	printf("%d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
