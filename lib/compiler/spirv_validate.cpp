/* The SPIR-V validator: what SPIRV-LLVM-Translator 15 must never see.
 *
 * The translator trusts its input.  On a module it does not like it may
 * call exit() (its error log ends the process on any failed check: an
 * unknown extension, extended instruction set, instruction, addressing or
 * memory model, version word or schema), abort on an assertion, loop for
 * ever (a function body holding an instruction it does not expect), or
 * allocate without bound (an OpTypeVector of 2^31 components).  A module an
 * application passes to clCreateProgramWithIL is untrusted input, so every
 * module is checked here first, in time and memory linear in its size;
 * what is refused gets CL_INVALID_VALUE (OpenCL 3.0 §5.8.1: "il is not a
 * well-formed ... IL") and a log line.  The crash recovery around the
 * translator (errors.cpp) stays as the last line for what passes here.
 *
 * The checks follow the SPIR-V 1.5 specification:
 *  - §2.3 physical layout: magic, a version word of 1.0 to 1.5 exactly
 *    (the translator reads 1.0 to 1.4; the pre-pass, spirv_prepass.cpp,
 *    rewrites what 1.5 adds and stamps 1.5 modules as 1.4), an id bound
 *    within the universal limit of
 *    §2.17 (4,194,303), schema 0; every instruction's word count at least
 *    1, inside the module, and within what its operands (the grammar's
 *    table, spirv_grammar.inc) allow; literal strings NUL-terminated inside
 *    their instruction.
 *  - §2.4 logical layout: capabilities, extensions, imports, one memory
 *    model, entry points, execution modes, debug instructions,
 *    annotations, types/constants/global variables, then functions; a
 *    function is OpFunction, its parameters, blocks that each begin with
 *    OpLabel and end with a terminator, and OpFunctionEnd.
 *  - ids: every result id below the bound and defined once; every id used
 *    defined somewhere; defined before its use except where §2.4 allows a
 *    forward reference (debug and annotation instructions, entry points and
 *    execution modes, OpPhi, branch targets (labels), called or enqueued
 *    functions, pointers declared by OpTypeForwardPointer); a result type
 *    is a type, values used in functions are not types.
 *  - sizes: integer widths 8/16/32/64, float widths 16/32/64, vectors of
 *    2, 3, 4, 8 or 16 scalars, arrays of 1 to 2^32 elements and every type
 *    at most 2^40 bytes, OpConstant as many words as its type's width,
 *    structs at most 16,383 members and functions 255 parameters (§2.17).
 *  - what translator 15 takes: the instructions it decodes (the table,
 *    plus those the pre-pass rewrites into ones it decodes: OpReadClockKHR
 *    and the 1.4 OpCopyLogical, OpPtrEqual/NotEqual/Diff and
 *    OpDecorateString/OpMemberDecorateString),
 *    the extended instruction sets it knows by name, the extensions it
 *    knows (its own list, LLVMSPIRVExtensions.inc), the Physical32/64
 *    addressing models with the OpenCL memory model (the OpenCL SPIR-V
 *    environment), valid function control masks, the Kernel execution
 *    model, and the storage classes of the OpenCL environment.
 *  - none of the capabilities SPIR-V 1.5 made core from Vulkan-only
 *    extensions (8-bit storage buffers, the Vulkan memory model, descriptor
 *    indexing, physical storage buffers, Layer/ViewportIndex): they need
 *    storage classes, memory models or execution models that the OpenCL
 *    environment does not have, the OpenCL SPIR-V environment adds no
 *    capability for 1.5, and Kiln lists none of them
 *    (CL_DEVICE_SPIRV_CAPABILITIES_KHR), so a module declaring one gets a
 *    log line saying so instead of a failure further on. */
#include "compiler/spirv_validate.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kiln {

namespace {

struct op_info {
	uint32_t op;
	const char *name;
	const char *operands;
};

const op_info grammar[] = {
#include "compiler/spirv_grammar.inc"
	/* Translator 15 does not read these; Kiln's pre-pass rewrites them
	 * (spirv_prepass.cpp): SPV_KHR_shader_clock, and the SPIR-V 1.4
	 * instructions the translator lacks. */
	{5056, "ReadClockKHR", "TRi"},
	{400, "CopyLogical", "TRi"},
	{401, "PtrEqual", "TRii"},
	{402, "PtrNotEqual", "TRii"},
	{403, "PtrDiff", "TRii"},
	{5632, "DecorateString", "ie"},
	{5633, "MemberDecorateString", "ile"},
};

/* Extensions translator 15 knows (it ends the process on any other), and
 * the one the pre-pass removes. */
const char *const extensions[] = {
#define EXT(X) #X,
#include <LLVMSPIRVLib/LLVMSPIRVExtensions.inc>
#undef EXT
	"SPV_KHR_shader_clock",
};

/* Extended instruction sets translator 15 imports (SPIRVBuiltinSetNameMap):
 * any other name makes it call exit(). */
const char *const ext_inst_sets[] = {
	"OpenCL.std", "SPIRV.debug", "OpenCL.DebugInfo.100",
};

enum : uint32_t {
	OpNop = 0, OpUndef = 1, OpSourceContinued = 2, OpSource = 3,
	OpSourceExtension = 4, OpName = 5, OpMemberName = 6, OpString = 7,
	OpLine = 8, OpExtension = 10, OpExtInstImport = 11, OpExtInst = 12,
	OpMemoryModel = 14, OpEntryPoint = 15, OpExecutionMode = 16,
	OpCapability = 17, OpTypeVoid = 19, OpTypeBool = 20, OpTypeInt = 21,
	OpTypeFloat = 22, OpTypeVector = 23, OpTypeArray = 28,
	OpTypeStruct = 30, OpTypePointer = 32, OpTypeFunction = 33,
	OpTypePipe = 38, OpTypeForwardPointer = 39, OpConstant = 43, OpSpecConstant = 50,
	OpSpecConstantOp = 52, OpFunction = 54, OpFunctionParameter = 55,
	OpFunctionEnd = 56, OpFunctionCall = 57, OpVariable = 59, OpLoad = 61,
	OpStore = 62, OpCopyMemory = 63, OpCopyMemorySized = 64,
	OpDecorate = 71, OpMemberDecorate = 72, OpDecorationGroup = 73,
	OpGroupDecorate = 74, OpGroupMemberDecorate = 75, OpPhi = 245,
	OpLoopMerge = 246, OpSelectionMerge = 247, OpLabel = 248, OpBranch = 249, OpBranchConditional = 250,
	OpSwitch = 251, OpKill = 252, OpReturn = 253, OpReturnValue = 254,
	OpUnreachable = 255, OpGetNumPipePackets = 283, OpGetMaxPipePackets = 284,
	OpNoLine = 317, OpModuleProcessed = 330,
	OpExecutionModeId = 331, OpDecorateId = 332,
	OpDecorateString = 5632, OpMemberDecorateString = 5633,
};

const uint32_t max_bound = 4194303;       /* §2.17 */
const uint64_t max_type_bytes = 1ull << 40;
const uint64_t max_array_length = 1ull << 32;

/* §2.4's sections, in their order. */
enum section {
	S_CAPABILITY = 1, S_EXTENSION, S_IMPORT, S_MEMORY_MODEL, S_ENTRY,
	S_EXEC_MODE, S_DEBUG, S_ANNOTATION, S_GLOBAL, S_FUNCTION,
	S_BODY, /* only inside a block */
};

enum type_kind : uint8_t { K_NONE, K_OTHER, K_VOID, K_BOOL, K_INT, K_FLOAT, K_VECTOR,
			   K_POINTER, K_FUNCTION };

struct def {
	size_t at;        /* word offset of the defining instruction */
	uint32_t op;
	bool type;        /* an OpType* */
	type_kind kind;
	uint32_t width;   /* bits of an int or float type */
	uint64_t bytes;   /* size of a type, 0 when opaque */
	uint32_t ret;     /* an OpTypeFunction's return type */
	uint32_t type_of; /* the result type of a value */
	uint64_t value;   /* an integer OpConstant's value */
};

struct use {
	uint32_t id;
	size_t at;
	uint32_t op;
	bool forward_ok;
	bool want_type;  /* must name a type */
	bool want_value; /* must not name a type, import, string or group */
};

const op_info *find_op(uint32_t op)
{
	static const std::unordered_map<uint32_t, const op_info *> table = [] {
		std::unordered_map<uint32_t, const op_info *> t;
		for (const op_info &i : grammar)
			t.emplace(i.op, &i);
		return t;
	}();
	auto it = table.find(op);
	return it == table.end() ? nullptr : it->second;
}

bool power_of_2(uint32_t v)
{
	return v && !(v & (v - 1));
}

bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

section section_of(const op_info &i, const uint32_t *w, uint32_t n)
{
	switch (i.op) {
	case OpCapability: return S_CAPABILITY;
	case OpExtension: return S_EXTENSION;
	case OpExtInstImport: return S_IMPORT;
	case OpMemoryModel: return S_MEMORY_MODEL;
	case OpEntryPoint: return S_ENTRY;
	case OpExecutionMode: case OpExecutionModeId: return S_EXEC_MODE;
	case OpSourceContinued: case OpSource: case OpSourceExtension:
	case OpName: case OpMemberName: case OpString: case OpModuleProcessed:
		return S_DEBUG;
	case OpDecorate: case OpMemberDecorate: case OpDecorationGroup:
	case OpGroupDecorate: case OpGroupMemberDecorate: case OpDecorateId:
	case OpDecorateString: case OpMemberDecorateString:
		return S_ANNOTATION;
	case OpVariable:
		/* storage class Function (7): only in a function */
		return n >= 4 && w[3] == 7 ? S_BODY : S_GLOBAL;
	case OpFunction: return S_FUNCTION;
	}
	if (starts_with(i.name, "Type") || starts_with(i.name, "Constant") ||
	    starts_with(i.name, "SpecConstant"))
		return S_GLOBAL;
	return S_BODY;
}

/* Instructions that may stand both among the globals and in a block. */
bool anywhere_after_debug(uint32_t op)
{
	return op == OpUndef || op == OpExtInst || op == OpLine || op == OpNoLine;
}

bool terminator(uint32_t op)
{
	return op == OpBranch || op == OpBranchConditional || op == OpSwitch ||
	       op == OpKill || op == OpReturn || op == OpReturnValue ||
	       op == OpUnreachable;
}

/* The capabilities SPIR-V 1.5 made core (they came from extensions; see
 * the grammar's "version": "1.5" capabilities) that Kiln does not support,
 * with what each is for. */
struct unsupported_capability {
	uint32_t value;
	const char *name;
	const char *why;
};
const unsupported_capability spirv15_capabilities[] = {
	{69, "ShaderLayer", "the Layer built-in of graphics shaders"},
	{70, "ShaderViewportIndex", "the ViewportIndex built-in of graphics shaders"},
	{4448, "StorageBuffer8BitAccess",
	 "8-bit values in the StorageBuffer storage class, which OpenCL does not have (Kernel modules use Int8)"},
	{4449, "UniformAndStorageBuffer8BitAccess",
	 "8-bit values in the Uniform and StorageBuffer storage classes, which OpenCL does not have (Kernel modules use Int8)"},
	{4450, "StoragePushConstant8",
	 "8-bit values in the PushConstant storage class, which OpenCL does not have (Kernel modules use Int8)"},
	{5301, "ShaderNonUniform", "descriptor indexing in Shader modules"},
	{5302, "RuntimeDescriptorArray", "descriptor indexing in Shader modules"},
	{5303, "InputAttachmentArrayDynamicIndexing", "descriptor indexing in Shader modules"},
	{5304, "UniformTexelBufferArrayDynamicIndexing", "descriptor indexing in Shader modules"},
	{5305, "StorageTexelBufferArrayDynamicIndexing", "descriptor indexing in Shader modules"},
	{5306, "UniformBufferArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5307, "SampledImageArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5308, "StorageBufferArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5309, "StorageImageArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5310, "InputAttachmentArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5311, "UniformTexelBufferArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5312, "StorageTexelBufferArrayNonUniformIndexing", "descriptor indexing in Shader modules"},
	{5345, "VulkanMemoryModel",
	 "the Vulkan memory model (OpenCL modules use the OpenCL memory model)"},
	{5346, "VulkanMemoryModelDeviceScope",
	 "the Vulkan memory model (OpenCL modules use the OpenCL memory model)"},
	{5347, "PhysicalStorageBufferAddresses",
	 "the PhysicalStorageBuffer storage class of Vulkan"},
};

/* Storage classes of the OpenCL SPIR-V environment (UniformConstant,
 * Input, Workgroup, CrossWorkgroup, Function, Generic, and Intel's
 * DeviceOnly/HostOnly the translator maps): others reach an unreachable
 * in the translator. */
bool opencl_storage_class(uint32_t sc)
{
	return sc == 0 || sc == 1 || sc == 4 || sc == 5 || sc == 7 || sc == 8 ||
	       sc == 5936 || sc == 5937;
}

class validator {
public:
	validator(const uint32_t *w, size_t n, std::string &log) : w_(w), n_(n), log_(log) {}
	bool run();

private:
	const uint32_t *w_;
	size_t n_;
	std::string &log_;
	std::unordered_map<uint32_t, def> defs_;
	std::vector<use> uses_;
	std::unordered_set<uint32_t> forward_pointers_;
	/* ids that must turn out to be labels or functions, with the word
	 * offset of the instruction naming them */
	std::vector<std::pair<uint32_t, size_t>> labels_, functions_;
	uint32_t bound_ = 0;
	int section_ = S_CAPABILITY;
	enum { OUTSIDE, PARAMS, IN_BLOCK, BETWEEN_BLOCKS } fn_ = OUTSIDE;
	bool first_block_ = false;
	unsigned memory_models_ = 0;
	/* The access qualifier of the pipes OpGetNumPipePackets and
	 * OpGetMaxPipePackets ask of so far (-1: none yet). */
	int pipe_query_access_[2] = {-1, -1};

	/* the instruction being checked */
	size_t at_ = 0;
	const op_info *info_ = nullptr;
	const uint32_t *iw_ = nullptr;
	uint32_t count_ = 0;

	bool fail(const std::string &what)
	{
		log_ += "error: SPIR-V: word " + std::to_string(at_);
		if (info_)
			log_ += std::string(" (Op") + info_->name + ")";
		log_ += ": " + what + "\n";
		return false;
	}
	bool instruction();
	bool layout(section s);
	bool operands(std::vector<uint32_t> &ids_used, uint32_t &result,
		      uint32_t &result_type, size_t &number_at);
	bool string_at(size_t k, size_t &words, std::string &s);
	bool semantics(uint32_t result, uint32_t result_type, size_t number_at);
	const def *defined(uint32_t id)
	{
		auto it = defs_.find(id);
		return it == defs_.end() ? nullptr : &it->second;
	}
	bool finish();
};

bool validator::run()
{
	bound_ = w_[3];
	if (bound_ == 0 || bound_ > max_bound + 1)
		return fail("the id bound " + std::to_string(bound_) +
			    " is outside 1 to 4,194,304 (SPIR-V §2.17)");
	if (w_[4] != 0)
		return fail("the schema word is " + std::to_string(w_[4]) + ", not 0");
	for (at_ = 5; at_ < n_;) {
		info_ = nullptr;
		uint32_t count = w_[at_] >> 16;
		if (count == 0)
			return fail("an instruction of word count 0");
		if (count > n_ - at_)
			return fail("an instruction of " + std::to_string(count) +
				    " words runs past the end of the module (" +
				    std::to_string(n_ - at_) + " words left)");
		iw_ = w_ + at_;
		count_ = count;
		if (!instruction())
			return false;
		at_ += count;
	}
	info_ = nullptr;
	return finish();
}

bool validator::layout(section s)
{
	uint32_t op = info_->op;
	if (fn_ == OUTSIDE) {
		if (op == OpLine || op == OpNoLine)
			return true;
		if (s == S_BODY && !(anywhere_after_debug(op) && section_ <= S_GLOBAL))
			return fail("an instruction that belongs in a function stands outside one");
		section target = s == S_BODY ? S_GLOBAL : s;
		if (target < section_)
			return fail("out of the order of SPIR-V §2.4 (logical layout)");
		if (target == S_GLOBAL && section_ == S_FUNCTION)
			return fail("a type, constant or global variable after the first function");
		section_ = target;
		if (op == OpFunction)
			fn_ = PARAMS;
		return true;
	}
	if (op == OpFunction)
		return fail("a function inside a function (OpFunctionEnd missing)");
	if (op == OpFunctionEnd) {
		if (fn_ == IN_BLOCK)
			return fail("the last block of the function has no terminator");
		fn_ = OUTSIDE;
		return true;
	}
	if (op == OpFunctionParameter) {
		if (fn_ != PARAMS)
			return fail("a parameter after the function's first block");
		return true;
	}
	if (op == OpLabel) {
		if (fn_ == IN_BLOCK)
			return fail("a block begins before the previous one ends with a terminator");
		first_block_ = fn_ == PARAMS;
		fn_ = IN_BLOCK;
		return true;
	}
	if (fn_ != IN_BLOCK) {
		if (op == OpLine || op == OpNoLine)
			return true;
		return fail("an instruction outside a block of the function (every block begins with OpLabel)");
	}
	if (s != S_BODY && !anywhere_after_debug(op))
		return fail("a module-level instruction inside a function");
	if (op == OpVariable && !first_block_)
		return fail("a Function variable outside the function's first block");
	if (terminator(op))
		fn_ = BETWEEN_BLOCKS;
	return true;
}

/* A literal string at word k of the instruction: NUL-terminated inside it
 * (SPIR-V §2.2.1), at most 65,535 characters (§2.17). */
bool validator::string_at(size_t k, size_t &words, std::string &s)
{
	const char *p = reinterpret_cast<const char *>(iw_ + k);
	size_t room = (count_ - k) * 4;
	const void *nul = memchr(p, 0, room);
	if (!nul)
		return fail("a literal string is not NUL-terminated inside its instruction");
	size_t len = static_cast<const char *>(nul) - p;
	if (len > 65535)
		return fail("a literal string longer than 65,535 characters");
	s.assign(p, len);
	words = len / 4 + 1;
	return true;
}

bool validator::operands(std::vector<uint32_t> &ids_used, uint32_t &result,
			 uint32_t &result_type, size_t &number_at)
{
	const char *codes = info_->operands;
	if (info_->op == OpExtInst)
		codes = "TRile"; /* the instruction's operands vary */
	else if (info_->op == OpSpecConstantOp)
		codes = "TRle";
	size_t k = 1;
	bool tail_unchecked = false;
	uint32_t op = info_->op;
	bool in_function = fn_ != OUTSIDE;
	bool forward_ok = section_ >= S_ENTRY && section_ <= S_ANNOTATION && !in_function;
	forward_ok |= op == OpPhi || op == OpTypeForwardPointer || op == OpEntryPoint ||
		      op == OpExecutionMode || op == OpExecutionModeId;
	auto add_use = [&](uint32_t id, bool type) {
		bool fwd = forward_ok || forward_pointers_.count(id);
		bool value = in_function && !type && op != OpLine && op != OpExtInst &&
			     op != OpFunction;
		uses_.push_back({id, at_, op, fwd, type, value});
		ids_used.push_back(id);
	};
	for (const char *c = codes; *c && !tail_unchecked; c++) {
		char q = c[1] == '?' || c[1] == '*' ? c[1] : 0;
		int times = 0;
		while (k < count_ && (times == 0 || q == '*')) {
			times++;
			switch (*c) {
			case 'T':
				result_type = iw_[k];
				add_use(iw_[k++], true);
				break;
			case 'R':
				result = iw_[k++];
				break;
			case 'i':
				add_use(iw_[k++], false);
				break;
			case 'l':
				k++;
				break;
			case 's': {
				size_t words;
				std::string s;
				if (!string_at(k, words, s))
					return false;
				k += words;
				break;
			}
			case 'n':
				number_at = k;
				k = count_;
				break;
			case 'e':
				k++;
				tail_unchecked = true;
				break;
			case 'p':
				if (k + 2 > count_)
					return fail("an odd number of words in a list of pairs");
				add_use(iw_[k++], false);
				add_use(iw_[k++], false);
				break;
			case 'q':
				if (k + 2 > count_)
					return fail("an odd number of words in a list of pairs");
				add_use(iw_[k++], false);
				k++;
				break;
			case 'w':
				tail_unchecked = true;
				k = count_;
				break;
			}
			if (tail_unchecked)
				break;
		}
		if (q)
			c++;
		else if (times == 0)
			return fail("too few operands (" + std::to_string(count_) + " words)");
	}
	if (k < count_ && !tail_unchecked)
		return fail("too many operands (" + std::to_string(count_) + " words)");
	return true;
}

/* The rules of single instructions (sizes, names, kinds of operands). */
bool validator::semantics(uint32_t result, uint32_t result_type, size_t number_at)
{
	uint32_t op = info_->op;
	const uint32_t *w = iw_;
	def &d = defs_[result]; /* result 0 is a scratch entry, erased below */
	d.at = at_;
	d.op = op;
	d.type = result && starts_with(info_->name, "Type");
	d.kind = d.type ? K_OTHER : K_NONE;
	d.type_of = result_type;
	auto type_def = [&](uint32_t id) -> const def * {
		const def *t = defined(id);
		return t && t->type && t->at < at_ ? t : nullptr;
	};
	switch (op) {
	case OpExtInstImport: {
		size_t words;
		std::string s;
		string_at(2, words, s);
		for (const char *name : ext_inst_sets)
			if (s == name)
				return true;
		return fail("extended instruction set \"" + s +
			    "\" is not one the SPIR-V reader knows "
			    "(OpenCL.std, SPIRV.debug, OpenCL.DebugInfo.100)");
	}
	case OpCapability:
		for (const unsupported_capability &c : spirv15_capabilities)
			if (w[1] == c.value)
				return fail("capability " + std::to_string(c.value) + " (" + c.name +
					    ", core in SPIR-V 1.5) is not one Kiln supports: it is for " +
					    c.why);
		return true;
	case OpExtension: {
		size_t words;
		std::string s;
		string_at(1, words, s);
		for (const char *name : extensions)
			if (s == name)
				return true;
		return fail("unknown extension \"" + s + "\"");
	}
	case OpMemoryModel:
		if (++memory_models_ > 1)
			return fail("a second OpMemoryModel");
		if (w[1] != 1 && w[1] != 2)
			return fail("addressing model " + std::to_string(w[1]) +
				    " is not Physical32 or Physical64 (OpenCL SPIR-V environment)");
		if (w[2] != 2)
			return fail("memory model " + std::to_string(w[2]) + " is not OpenCL");
		return true;
	case OpEntryPoint:
		if (w[1] != 6)
			return fail("execution model " + std::to_string(w[1]) + " is not Kernel");
		return true;
	case OpTypeVoid:
		d.kind = K_VOID;
		return true;
	case OpTypeBool:
		d.kind = K_BOOL;
		d.bytes = 1;
		return true;
	case OpTypeInt:
		if (w[2] != 8 && w[2] != 16 && w[2] != 32 && w[2] != 64)
			return fail("integer width " + std::to_string(w[2]) + " is not 8, 16, 32 or 64");
		if (w[3] > 1)
			return fail("integer signedness " + std::to_string(w[3]) + " is not 0 or 1");
		d.kind = K_INT;
		d.width = w[2];
		d.bytes = w[2] / 8;
		return true;
	case OpTypeFloat:
		if (w[2] != 16 && w[2] != 32 && w[2] != 64)
			return fail("float width " + std::to_string(w[2]) + " is not 16, 32 or 64");
		if (count_ > 3)
			return fail("a floating-point encoding operand (not SPIR-V 1.0 to 1.5)");
		d.kind = K_FLOAT;
		d.width = w[2];
		d.bytes = w[2] / 8;
		return true;
	case OpTypeVector: {
		const def *c = type_def(w[2]);
		if (!c || (c->kind != K_INT && c->kind != K_FLOAT && c->kind != K_BOOL))
			return fail("the component type %" + std::to_string(w[2]) +
				    " is not a scalar type defined before");
		if (w[3] != 2 && w[3] != 3 && w[3] != 4 && w[3] != 8 && w[3] != 16)
			return fail("component count " + std::to_string(w[3]) +
				    " is not 2, 3, 4, 8 or 16");
		d.kind = K_VECTOR;
		d.bytes = c->bytes * (w[3] == 3 ? 4 : w[3]);
		return true;
	}
	case OpTypeArray: {
		const def *e = type_def(w[2]);
		const def *len = defined(w[3]);
		if (!e)
			return fail("the element type %" + std::to_string(w[2]) +
				    " is not a type defined before");
		if (!len || len->at >= at_ ||
		    (len->op != OpConstant && len->op != OpSpecConstant))
			return fail("the length %" + std::to_string(w[3]) +
				    " is not a constant defined before");
		const def *lt = defined(len->type_of);
		if (!lt || lt->kind != K_INT)
			return fail("the length is not an integer constant");
		if (len->value == 0 || len->value > max_array_length)
			return fail("array length " + std::to_string(len->value) +
				    " is outside 1 to 2^32");
		if (e->bytes && len->value > max_type_bytes / e->bytes)
			return fail("an array of " + std::to_string(len->value) +
				    " elements of " + std::to_string(e->bytes) +
				    " bytes is larger than 2^40 bytes");
		d.bytes = e->bytes * len->value;
		return true;
	}
	case OpTypeStruct: {
		if (count_ - 2 > 16383)
			return fail("a struct of more than 16,383 members (SPIR-V §2.17)");
		uint64_t total = 0;
		for (uint32_t k = 2; k < count_; k++) {
			const def *m = defined(w[k]);
			if (!m || !m->type) {
				if (!forward_pointers_.count(w[k]))
					return fail("member %" + std::to_string(w[k]) +
						    " is not a type defined before");
				continue;
			}
			if (m->kind == K_VOID || m->kind == K_FUNCTION)
				return fail("a struct member of void or function type");
			total += m->bytes;
			if (total > max_type_bytes)
				return fail("a struct larger than 2^40 bytes");
		}
		d.bytes = total;
		return true;
	}
	case OpTypePointer:
		if (!opencl_storage_class(w[2]))
			return fail("storage class " + std::to_string(w[2]) +
				    " is not one of the OpenCL environment");
		if (!type_def(w[3]) && !forward_pointers_.count(w[3]))
			return fail("the pointee %" + std::to_string(w[3]) +
				    " is not a type defined before");
		d.kind = K_POINTER;
		d.bytes = 8;
		return true;
	case OpTypeForwardPointer:
		if (!opencl_storage_class(w[2]))
			return fail("storage class " + std::to_string(w[2]) +
				    " is not one of the OpenCL environment");
		forward_pointers_.insert(w[1]);
		return true;
	case OpTypeFunction:
		if (count_ - 3 > 255)
			return fail("a function type of more than 255 parameters (SPIR-V §2.17)");
		for (uint32_t k = 2; k < count_; k++)
			if (!type_def(w[k]))
				return fail("%" + std::to_string(w[k]) +
					    " is not a type defined before");
		d.kind = K_FUNCTION;
		d.ret = w[2];
		return true;
	case OpConstant:
	case OpSpecConstant: {
		const def *t = type_def(result_type);
		if (!t || (t->kind != K_INT && t->kind != K_FLOAT))
			return fail("the type of a constant is not an integer or float type");
		uint32_t want = t->width > 32 ? 2 : 1;
		if (count_ - number_at != want)
			return fail("a constant of " + std::to_string(t->width) + " bits in " +
				    std::to_string(count_ - number_at) + " words");
		d.value = w[number_at];
		if (want == 2)
			d.value |= (uint64_t)w[number_at + 1] << 32;
		if (t->kind == K_INT && t->width < 64)
			d.value &= (1ull << t->width) - 1;
		return true;
	}
	case OpVariable: {
		const def *t = type_def(result_type);
		if (!t || t->kind != K_POINTER)
			return fail("the type of a variable is not a pointer type");
		if (!opencl_storage_class(w[3]))
			return fail("storage class " + std::to_string(w[3]) +
				    " is not one of the OpenCL environment");
		return true;
	}
	case OpExtInst: {
		const def *set = defined(w[3]);
		if (!set || set->op != OpExtInstImport)
			return fail("%" + std::to_string(w[3]) + " is not an OpExtInstImport");
		return true;
	}
	case OpFunctionCall:
		functions_.push_back({w[3], at_});
		return true;
	case OpBranch:
	case OpLoopMerge:
	case OpSelectionMerge:
		labels_.push_back({w[1], at_});
		if (op == OpLoopMerge)
			labels_.push_back({w[2], at_});
		return true;
	case OpBranchConditional:
		labels_.push_back({w[2], at_});
		labels_.push_back({w[3], at_});
		return true;
	case OpPhi:
		for (uint32_t k = 4; k < count_; k += 2)
			labels_.push_back({w[k], at_});
		return true;
	case OpSwitch: {
		/* (literal, label) pairs whose literals are as wide as the
		 * selector's type (§3.32.17) */
		const def *sel = defined(w[1]);
		const def *st = sel ? defined(sel->type_of) : nullptr;
		if (!sel || sel->at > at_ || !st || st->kind != K_INT)
			return fail("the selector is not an integer value defined before");
		uint32_t pair = st->width > 32 ? 3 : 2;
		if ((count_ - 3) % pair)
			return fail("the (literal, label) pairs do not fill the instruction");
		labels_.push_back({w[2], at_});
		for (uint32_t k = 3 + pair - 1; k < count_; k += pair)
			labels_.push_back({w[k], at_});
		return true;
	}
	case OpLoad:
	case OpStore:
	case OpCopyMemory:
	case OpCopyMemorySized: {
		/* The memory operands: Aligned (0x2) takes a literal, "a
		 * power of two" (SPIR-V §3.26); the translator asserts on any
		 * other.  OpCopyMemory(Sized) may have a second set (1.4, the
		 * source's), which the pre-pass moves onto an OpLoad: checked
		 * too, past the first set's Aligned literal and
		 * MakePointerAvailable/Visible scopes. */
		uint32_t mask_at = op == OpLoad || op == OpCopyMemorySized ? 4 : 3;
		for (int set = 0; set < 2 && count_ > mask_at; set++) {
			uint32_t mask = w[mask_at];
			if ((mask & 2) && (count_ <= mask_at + 1 || !power_of_2(w[mask_at + 1])))
				return fail("the Aligned memory operand is not a power of two");
			if (op != OpCopyMemory && op != OpCopyMemorySized)
				break;
			mask_at += 1 + !!(mask & 0x2) + !!(mask & 0x8) + !!(mask & 0x10);
		}
		return true;
	}
	case OpGetNumPipePackets:
	case OpGetMaxPipePackets: {
		/* Translator 15 declares one function for each of these
		 * queries whatever the pipe's access qualifier, and stops with
		 * a fatal error (one Kiln recovers from, leaking the
		 * translator's state) on a module that asks of a read_only and
		 * of a write_only pipe with the same query. */
		const def *pipe = defined(w[3]);
		const def *pt = pipe && pipe->at < at_ ? defined(pipe->type_of) : nullptr;
		if (!pt || pt->op != OpTypePipe || pt->at + 2 >= n_)
			return true;
		int access = (int)w_[pt->at + 2];
		int &seen = pipe_query_access_[op == OpGetMaxPipePackets];
		if (seen >= 0 && seen != access)
			return fail("asked of a read_only and of a write_only pipe in one module, "
				    "which the SPIR-V reader (translator 15) cannot read");
		seen = access;
		return true;
	}
	case OpDecorate:
		/* Alignment (44): a power of two (SPIR-V §3.20) */
		if (w[2] == 44 && (count_ < 4 || !power_of_2(w[3])))
			return fail("an Alignment decoration that is not a power of two");
		return true;
	case OpFunction: {
		/* the function control bits translator 15 knows (its
		 * isValidFunctionControlMask; others end the process) */
		if (w[3] & ~(0xfu | 0x10000u))
			return fail("function control mask " + std::to_string(w[3]) + " has unknown bits");
		const def *ft = type_def(w[4]);
		if (!ft || ft->kind != K_FUNCTION)
			return fail("%" + std::to_string(w[4]) + " is not a function type defined before");
		if (ft->ret != result_type)
			return fail("the result type differs from the function type's return type");
		return true;
	}
	}
	return true;
}

bool validator::instruction()
{
	uint32_t op = iw_[0] & 0xffff;
	if (op == OpNop)
		return count_ == 1 || fail("OpNop with operands");
	info_ = find_op(op);
	if (!info_)
		return fail("opcode " + std::to_string(op) +
			    " is not an instruction the SPIR-V reader (translator 15) knows");
	if (!layout(section_of(*info_, iw_, count_)))
		return false;
	std::vector<uint32_t> used;
	uint32_t result = 0, result_type = 0;
	size_t number_at = count_;
	if (!operands(used, result, result_type, number_at))
		return false;
	bool has_result = strchr(info_->operands, 'R') != nullptr;
	if (has_result) {
		if (result == 0 || result >= bound_)
			return fail("result id " + std::to_string(result) +
				    " is outside 1 to the bound " + std::to_string(bound_ - 1));
		if (defs_.count(result))
			return fail("result id %" + std::to_string(result) +
				    " is defined a second time (first at word " +
				    std::to_string(defs_[result].at) + ")");
	}
	bool ok = semantics(result, result_type, number_at);
	if (!has_result)
		defs_.erase(0);
	return ok;
}

bool validator::finish()
{
	if (fn_ != OUTSIDE)
		return fail("the module ends inside a function (no OpFunctionEnd)");
	if (memory_models_ != 1)
		return fail("no OpMemoryModel");
	for (auto &l : labels_) {
		const def *d = defined(l.first);
		if (!d || d->op != OpLabel) {
			at_ = l.second;
			info_ = find_op(w_[at_] & 0xffff);
			return fail("%" + std::to_string(l.first) +
				    (d ? " is not a label" : " is used but never defined"));
		}
	}
	for (auto &f : functions_) {
		const def *d = defined(f.first);
		if (d && d->op != OpFunction) {
			at_ = f.second;
			info_ = find_op(w_[at_] & 0xffff);
			return fail("%" + std::to_string(f.first) + " is not a function");
		}
	}
	for (const use &u : uses_) {
		at_ = u.at;
		info_ = find_op(u.op);
		const def *d = defined(u.id);
		std::string id = "%" + std::to_string(u.id);
		if (!d)
			return fail(id + " is used but never defined");
		/* (an instruction's own result is not defined before it) */
		bool late = d->at >= u.at;
		if (late && !u.forward_ok && d->op != OpLabel && d->op != OpFunction)
			return fail(id + " is used before it is defined (at word " +
				    std::to_string(d->at) + ")");
		if (u.op == OpEntryPoint && d->op != OpFunction && d->op != OpVariable)
			return fail(id + " is neither a function nor a variable");
		if (u.want_type && !d->type)
			return fail(id + " is not a type");
		if (u.want_value && (d->type || d->op == OpExtInstImport ||
				     d->op == OpString || d->op == OpDecorationGroup))
			return fail(id + " is not a value");
	}
	return true;
}

} // namespace

bool spirv_has_result_type(uint32_t op)
{
	const op_info *i = find_op(op);
	return i && i->operands[0] == 'T' && i->operands[1] == 'R';
}

bool spirv_validate(const void *il, size_t size, std::string &log)
{
	if (!il || size < 20 || size % 4) {
		log += "error: SPIR-V: the module is too short or not a whole number of words\n";
		return false;
	}
	size_t n = size / 4;
	std::vector<uint32_t> words(n);
	memcpy(words.data(), il, size);
	if (words[0] != 0x07230203) {
		log += "error: SPIR-V: bad magic number\n";
		return false;
	}
	/* The translator compares the whole version word with the versions
	 * it knows (0x00010000 to 0x00010400) and ends the process on any
	 * other; the major and minor bytes alone are not enough.  1.5 is
	 * stamped 1.4 by the pre-pass once it has rewritten what 1.5 adds. */
	uint32_t v = words[1];
	if ((v & 0xff0000ffu) || ((v >> 16) & 0xff) != 1 || ((v >> 8) & 0xff) > 5) {
		char buf[160];
		if ((v & 0xffff00ffu) == 0x00010000u)
			snprintf(buf, sizeof(buf), "error: SPIR-V: the module is SPIR-V 1.%u "
				 "(version word 0x%08x); Kiln reads SPIR-V 1.0 to 1.5\n",
				 (v >> 8) & 0xff, v);
		else
			snprintf(buf, sizeof(buf), "error: SPIR-V: version word 0x%08x is not "
				 "SPIR-V 1.0 to 1.5\n", v);
		log += buf;
		return false;
	}
	return validator(words.data(), n, log).run();
}

} // namespace kiln
