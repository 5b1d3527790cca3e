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
	OpLoad = 61, OpStore = 62, OpCopyMemory = 63, OpCopyMemorySized = 64,
	OpDecorate = 71, OpMemberDecorate = 72, OpTypeStruct = 30, OpVectorShuffle = 79,
	OpCompositeConstruct = 80, OpCompositeExtract = 81, OpISub = 130, OpSDiv = 135,
	OpIEqual = 170, OpINotEqual = 171, OpCopyLogical = 400, OpPtrEqual = 401,
	OpPtrNotEqual = 402, OpPtrDiff = 403, OpDecorateString = 5632,
	OpMemberDecorateString = 5633, OpTypeBool = 20, OpTypeFloat = 22,
	OpSConvert = 114, OpConstantComposite = 44,
	OpLabel = 248, OpReturn = 253, OpUConvert = 113,
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
	PPTR, SCOPE, USHORT, IDX, BCAST, OUT, BOOL, FLOAT, S1, S2, V3, V4, NEXT_ID,
};

/* A kernel with a global uint* parameter %PARAM and a global uint**
 * %OUT, whose body is `body`,
 * in a module of `version` with `addressing` (1 Physical32, 2 Physical64)
 * and the extra capabilities and types given. */
module kernel(uint32_t version, uint32_t addressing, std::vector<uint32_t> caps,
	      void (*types)(module &), void (*body)(module &),
	      void (*annotations)(module &) = nullptr)
{
	module m(version, NEXT_ID);
	m.op(OpCapability, {CapAddresses}).op(OpCapability, {CapKernel});
	for (uint32_t c : caps)
		m.op(OpCapability, {c});
	m.op(OpMemoryModel, {addressing, 2}).entry(FN);
	if (annotations)
		annotations(m);
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
 * model capability out, a second set of memory operands checked. */
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
	/* an OpCopyMemory whose second (source) set of memory operands is
	 * Aligned 3: the pre-pass would move it onto an OpLoad */
	module bad_align = kernel(0x00010400, 2, {}, types, [](module &m) {
		m.op(OpCopyMemory, {OUT, OUT, 0x2, 8, 0x2, 3});
	});
	log.clear();
	CHECK(!kiln::spirv_validate(bad_align.w.data(), bad_align.w.size() * 4, log));
	CHECK(log.find("not a power of two") != std::string::npos);
}

/* SPIR-V 1.4's pointer comparisons: the addresses as integers; OpPtrDiff
 * divided by the pointee's size (a uint: 4), in the result's width. */
void test_pointer_comparisons()
{
	module m = kernel(0x00010400, 2, {CapInt64},
			  [](module &m) {
				  m.op(OpTypeInt, {ULONG, 64, 0});
				  m.op(OpTypeBool, {BOOL});
			  },
			  [](module &m) {
				  m.op(OpPtrEqual, {BOOL, CAST, PARAM, PARAM});
				  m.op(OpPtrNotEqual, {BOOL, BACK, PARAM, PARAM});
				  m.op(OpPtrDiff, {ULONG, IDX, PARAM, PARAM});
				  m.op(OpPtrDiff, {UINT, BCAST, PARAM, PARAM});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	std::vector<insn> code = decode(out);
	CHECK(all(code, OpPtrEqual).empty() && all(code, OpPtrNotEqual).empty() &&
	      all(code, OpPtrDiff).empty());
	CHECK(all(code, OpConvertPtrToU).size() == 8);
	std::vector<insn> eq = all(code, OpIEqual), ne = all(code, OpINotEqual),
			  sub = all(code, OpISub), div = all(code, OpSDiv),
			  sconv = all(code, OpSConvert), consts = all(code, OpConstant);
	CHECK(eq.size() == 1 && eq[0].operands[1] == CAST);
	CHECK(ne.size() == 1 && ne[0].operands[1] == BACK);
	CHECK(sub.size() == 2 && div.size() == 2 && consts.size() == 2);
	if (div.size() == 2 && consts.size() == 2) {
		CHECK(div[0].operands[0] == ULONG && div[0].operands[1] == IDX);
		/* the divisor: a ulong 4 */
		CHECK(consts[0].operands ==
		      (std::vector<uint32_t>{ULONG, div[0].operands[3], 4, 0}));
	}
	CHECK(sconv.size() == 1 && sconv[0].operands[0] == UINT && sconv[0].operands[1] == BCAST);
	check_valid_14(out, "pointer comparisons");
}

/* OpCopyLogical between two structs { uint, float } of different ids: two
 * extracts and a construct. */
void test_copy_logical()
{
	module m = kernel(0x00010400, 2, {},
			  [](module &m) {
				  m.op(OpTypeFloat, {FLOAT, 32});
				  m.op(OpTypeStruct, {S1, UINT, FLOAT});
				  m.op(OpTypeStruct, {S2, UINT, FLOAT});
				  m.op(OpConstant, {UINT, SCOPE, 7});
				  m.op(OpConstant, {FLOAT, IDX, 0x3f800000});
				  m.op(OpConstantComposite, {S1, V3, SCOPE, IDX});
			  },
			  [](module &m) { m.op(OpCopyLogical, {S2, CAST, V3}); });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	std::vector<insn> code = decode(out);
	std::vector<insn> ex = all(code, OpCompositeExtract), cc = all(code, OpCompositeConstruct);
	CHECK(all(code, OpCopyLogical).empty() && ex.size() == 2 && cc.size() == 1);
	if (ex.size() == 2 && cc.size() == 1) {
		CHECK(ex[0].operands == (std::vector<uint32_t>{UINT, ex[0].operands[1], V3, 0}));
		CHECK(ex[1].operands == (std::vector<uint32_t>{FLOAT, ex[1].operands[1], V3, 1}));
		CHECK(cc[0].operands == (std::vector<uint32_t>{S2, CAST, ex[0].operands[1],
							       ex[1].operands[1]}));
	}
	check_valid_14(out, "copy logical");
}

/* OpVectorShuffle of a uint3 and a uint4: the uint3 widened, the indices
 * into the uint4 moved by one. */
void test_vector_shuffle()
{
	module m = kernel(0x00010400, 2, {},
			  [](module &m) {
				  m.op(OpTypeVector, {V3, UINT, 3});
				  m.op(OpTypeVector, {V4, UINT, 4});
			  },
			  [](module &m) {
				  m.op(1 /* OpUndef */, {V3, CAST});
				  m.op(1 /* OpUndef */, {V4, BACK});
				  m.op(OpVectorShuffle, {V4, IDX, CAST, BACK, 0, 2, 3, 6});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	std::vector<insn> sh = all(decode(out), OpVectorShuffle);
	CHECK(sh.size() == 2);
	if (sh.size() == 2) {
		uint32_t w = sh[0].operands[1];
		CHECK(sh[0].operands == (std::vector<uint32_t>{V4, w, CAST, CAST, 0, 1, 2, 0}));
		CHECK(sh[1].operands == (std::vector<uint32_t>{V4, IDX, w, BACK, 0, 2, 4, 7}));
	}
	check_valid_14(out, "vector shuffle");
}

/* OpCopyMemory: a load and a store with each side's memory operands;
 * OpCopyMemorySized with two sets: one set for both. */
void test_copy_memory()
{
	module m = kernel(0x00010400, 2, {CapInt64},
			  [](module &m) {
				  m.op(OpTypeInt, {ULONG, 64, 0});
				  m.op(OpConstant, {ULONG, SCOPE, 8, 0});
			  },
			  [](module &m) {
				  /* target Volatile, source Aligned 8 */
				  m.op(OpCopyMemory, {OUT, OUT, 0x1, 0x2, 8});
				  m.op(OpCopyMemory, {OUT, OUT});
				  /* target Aligned 8, source Volatile|Aligned 4 */
				  m.op(OpCopyMemorySized, {OUT, OUT, SCOPE, 0x2, 8, 0x3, 4});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	std::vector<insn> code = decode(out);
	std::vector<insn> ld = all(code, OpLoad), st = all(code, OpStore),
			  sized = all(code, OpCopyMemorySized);
	CHECK(all(code, OpCopyMemory).empty() && ld.size() == 2 && st.size() == 2);
	if (ld.size() == 2 && st.size() == 2) {
		CHECK(ld[0].operands == (std::vector<uint32_t>{PTR, ld[0].operands[1], OUT, 0x2, 8}));
		CHECK(st[0].operands == (std::vector<uint32_t>{OUT, ld[0].operands[1], 0x1}));
		CHECK(ld[1].operands == (std::vector<uint32_t>{PTR, ld[1].operands[1], OUT}));
		CHECK(st[1].operands == (std::vector<uint32_t>{OUT, ld[1].operands[1]}));
	}
	CHECK(sized.size() == 1 &&
	      sized[0].operands == (std::vector<uint32_t>{OUT, OUT, SCOPE, 0x3, 4}));
	check_valid_14(out, "copy memory");
}

/* OpDecorateString: OpDecorate (same operands); UserSemantic strings go. */
void test_decorate_strings()
{
	module m = kernel(0x00010400, 2, {}, [](module &) {},
			  [](module &m) { m.op(OpStore, {OUT, PARAM}); },
			  [](module &m) {
				  m.op(OpDecorateString, {PARAM, 5635 /* UserSemantic */, 'a'});
				  m.op(OpDecorateString, {PARAM, 5636, 'b'});
				  m.op(OpMemberDecorateString, {FNTY, 0, 5635, 'c'});
			  });
	std::vector<uint32_t> out;
	std::string log;
	CHECK(prepass(m, out, log));
	std::vector<insn> code = decode(out);
	std::vector<insn> d = all(code, OpDecorate);
	CHECK(all(code, OpDecorateString).empty() && all(code, OpMemberDecorateString).empty());
	CHECK(all(code, OpMemberDecorate).empty());
	CHECK(d.size() == 1 && d[0].operands == (std::vector<uint32_t>{PARAM, 5636, 'b'}));
}

} // namespace

int main()
{
	test_pointer_vector_casts();
	test_pointer_scalar_casts();
	test_physical32();
	test_broadcast_ids();
	test_pointer_comparisons();
	test_copy_logical();
	test_vector_shuffle();
	test_copy_memory();
	test_decorate_strings();
	test_untouched();
	test_versions();
	printf("%d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
