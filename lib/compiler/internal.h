/* Declarations shared by the C++ files of lib/compiler/ (never included by
 * C code: compiler.h is the only door to the runtime). */
#ifndef KILN_COMPILER_INTERNAL_H
#define KILN_COMPILER_INTERNAL_H

#include "compiler/compiler.h"

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <llvm/ADT/StringRef.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

namespace llvm {
class Loop;
class ScalarEvolution;
class PostDominatorTree;
namespace object {
class ObjectFile;
}
namespace orc {
class LLJIT;
}
}

namespace kiln {

/* --- errors.cpp: logs, crash safety, one-time LLVM set-up ------------- */

/* Initialises LLVM's native target once per process (thread-safe). */
void llvm_init();
/* llvm_options.cpp: sets LLVM's process-wide tuning options Kiln wants
 * (those not given on a command line already); called by llvm_init. */
void tune_llvm_options();
/* LLVM's knobs for checked builds (llvm_options.cpp); before building
 * the first checked pipeline. */
void tune_llvm_options_checked();
/* Runs fn so that an LLVM crash or fatal error becomes a false return with
 * a line in log instead of the end of the process. */
bool run_safely(std::string &log, const std::function<bool()> &fn);
/* run_safely for code that writes to stderr itself when it fails (the
 * SPIR-V translator's assertion and error messages): what it writes to
 * file descriptor 2 meanwhile goes to log instead.  Such calls run one at
 * a time; *crashed (may be NULL) says whether fn crashed. */
bool run_safely_quiet(std::string &log, const std::function<bool()> &fn,
		      bool *crashed);
/* Hands log to the C caller as a malloc'ed string (NULL when log_out is
 * NULL; an empty log still gives an empty string). */
void give_log(const std::string &log, char **log_out);
/* Sends ctx's diagnostics to log instead of stderr. */
void log_diagnostics(llvm::LLVMContext &ctx, std::string &log);
void drop_diagnostics(llvm::LLVMContext &ctx);
bool give_blob(const std::string &bytes, struct kiln_blob *out);

/* perf_map.cpp: with KILN_PERF_MAP set, names the external functions of
 * `obj`, loaded in `jit`, in /tmp/perf-<pid>.map for Linux perf. */
void write_perf_map(llvm::orc::LLJIT &jit, const llvm::object::ObjectFile &obj);

/* build_id.cpp: the GNU build id of the object Kiln's compiler is in
 * (hex), or "none"; part of kiln_compiler_id. */
std::string own_build_id();

/* --- ir.cpp: bitcode at the door ------------------------------------- */

std::unique_ptr<llvm::Module> read_ir(llvm::LLVMContext &ctx,
				      const struct kiln_blob *b,
				      std::string &log);
std::string write_ir(const llvm::Module &m);
/* Sets triple, data layout, target-cpu/-features on every function. */
void retarget(llvm::Module &m, const struct kiln_target *t);
/* A loop ID (LLVM's LangRef, "llvm.loop"): a distinct node whose first
 * operand is itself, then `options`. */
llvm::MDNode *loop_id(llvm::LLVMContext &c, llvm::ArrayRef<llvm::Metadata *> options);

/* --- options.cpp: the spec's build options (OpenCL 3.0 §5.8.6) -------- */

struct build_options {
	std::vector<std::string> cc1;  /* arguments for Clang's cc1 */
	std::string cl_std;            /* "CL1.2" ... "CLC++2021"; empty: default */
	bool opt_disable = false;
	bool fast_math = false;        /* -cl-fast-relaxed-math, unsafe, finite */
	bool denorms_are_zero = false;
	bool kernel_arg_info = false;
	bool create_library = false;
	bool enable_link_options = false;
	bool werror = false;
	std::string link_options;      /* those that are linker options (§5.8.7) */
};
enum option_use { OPTS_COMPILE, OPTS_LINK, OPTS_FINALIZE };
/* Parses options; false with a log line naming the first bad option. */
bool parse_options(const char *options, option_use use, build_options &out,
		   std::string &log);

/* language_version.cpp: false, with a log line naming what the device
 * lacks, when -cl-std asks for an OpenCL C version the device does not
 * support (OpenCL 3.0 §5.8.6.5). */
bool check_language_version(const struct kiln_target *t, const build_options &o,
			    std::string &log);

/* --- kernel_lib.cpp --------------------------------------------------- */

/* The embedded kernel-lib bitcode for the ISA level the features ask for. */
llvm::StringRef kernel_lib_bitcode(const struct kiln_target *t);
/* kernel-lib/include/kiln_ext_decls.h: declarations of the built-ins of
 * extensions Clang 15 does not declare, for the front end. */
llvm::StringRef kernel_lib_ext_decls();
/* call_abi.cpp: calls whose signature differs from the kernel-lib
 * definition's (vectors by value from SPIR-V against the x86-64 ABI's
 * coerced or byval forms) rewritten to the definition's signature. */
void adapt_kernel_lib_calls(llvm::Module &m);
/* Whether kernel-lib defines `name`. */
bool kernel_lib_defines(const struct kiln_target *t, llvm::StringRef name);
/* Bitcode of the kernel-lib definitions of `names` and everything they
 * use (empty when none is defined there). */
bool kernel_lib_subset(const struct kiln_target *t,
		       const std::vector<std::string> &names, std::string &out,
		       std::string &log);

/* --- the work-group passes (passes.h declares them as passes) --------- */

/* An LLVM pass builder and its analysis managers, registered and
 * cross-wired, Kiln's passes and analyses included.  Without a target
 * machine the analyses are target-independent (the work-group stage of
 * kiln_finalize runs so: docs/compiler.md). */
struct pass_env {
	llvm::PassBuilder pb;
	llvm::LoopAnalysisManager lam;
	llvm::FunctionAnalysisManager fam;
	llvm::CGSCCAnalysisManager cam;
	llvm::ModuleAnalysisManager mam;
	explicit pass_env(llvm::TargetMachine *tm = nullptr,
			  llvm::PipelineTuningOptions pto = llvm::PipelineTuningOptions(),
			  llvm::PassInstrumentationCallbacks *pic = nullptr);
};

/* What a work-item function (the kernel body the work-group function calls
 * once per work-item and region) knows about its launch: a private struct
 * the work-group function fills once; after inlining SROA makes it SSA.
 * Dimensions at or beyond work_dim hold the spec's defaults (size 1, id 0). */
enum info_field {
	INFO_GLOBAL_OFFSET, INFO_GLOBAL_SIZE, INFO_ENQUEUED_LOCAL_SIZE,
	INFO_NUM_GROUPS, INFO_GROUP_ID, INFO_LOCAL_SIZE, /* [3 x i64] each */
	INFO_WORK_DIM,  /* i64 */
	INFO_LOCAL_MEM, /* ptr */
	INFO_CONTEXT,   /* ptr */
	INFO_NUM_WI,    /* i64: work-items in this group */
	INFO_FIELDS
};
llvm::StructType *info_type(llvm::LLVMContext &c);
/* The parameters a work-item function adds after the kernel's own. */
struct wi_params {
	llvm::Argument *info, *x, *y, *z, *region;
};
/* workitem_function.cpp: whether f is a work-item function
 * (__kiln_wi_<kernel>, made by kiln-workitem), and its parameters; the
 * kernel it was made from. */
bool workitem_params(llvm::Function &f, wi_params &p);
/* subgroups.cpp: whether kiln-subgroups made work-item function f run its
 * work-items as fibers (no barrier regions, no implicit barriers). */
bool runs_as_fibers(const llvm::Function &f);
/* state->services->(the field at `offset` of struct kiln_wg_services):
 * a pointer to one of the runtime's services, loaded at b. */
llvm::Value *service(llvm::IRBuilder<> &b, llvm::Value *state, size_t offset);
/* Its sub-group size (for the runtime's run_fibers). */
unsigned fiber_sub_group_size(const llvm::Function &f);
llvm::Function *kernel_of_workitem(llvm::Function &wi);
/* Whether v loads element d of info field `field` of work-item function
 * p's launch (as kiln-workitem's replacements of the built-ins do). */
bool is_info_load(const llvm::Value *v, const wi_params &p, info_field field, unsigned d);
/* The address of info field `f` (element d of the arrays). */
llvm::Value *info_slot(llvm::IRBuilderBase &b, llvm::Value *info, info_field f,
		       unsigned d = 0);
/* Loads info field `f` (element d of the arrays) at `at`. */
llvm::Value *load_info(llvm::IRBuilderBase &b, llvm::Value *info,
		       info_field f, unsigned d = 0);
/* workitem.cpp: replaces the work-item built-ins (get_global_id, ...;
 * OpenCL C 3.0 §6.15.1) in f by values computed from the parameters,
 * inserting what does not depend on the call site in `entry`. */
void replace_workitem_calls(llvm::Function &f, const wi_params &p,
			    llvm::BasicBlock *entry);
/* localmem.cpp: lays out the kernel-scope __local variables that kernel
 * uses; returns their total size and the (offset) of each. */
struct local_layout {
	std::vector<std::pair<llvm::GlobalVariable *, uint64_t>> vars;
	uint64_t size = 0;
};
local_layout layout_local_vars(llvm::Function &kernel);

/* uniformity.cpp: which values of work-item function f are the same for
 * every work-item of the group, and which blocks all of them reach
 * together (under the OpenCL 3.0 rules; safe, not exact).  The result of
 * the analysis kiln-uniformity (passes.h); a default-made one (for a
 * function that is no work-item function) calls everything divergent. */
class divergence {
public:
	divergence() = default;
	divergence(llvm::Function &f, const wi_params &p,
		   const llvm::PostDominatorTree &pdt);
	bool uniform(const llvm::Value *v) const;
	bool reached_by_all(const llvm::BasicBlock *b) const;

private:
	bool known = false;
	std::set<const llvm::Value *> divergent;
	std::set<const llvm::BasicBlock *> branches; /* divergent terminators */
	std::set<const llvm::BasicBlock *> joins;    /* PHIs there diverge */
	std::set<const llvm::BasicBlock *> partial;  /* reached by some only */
};

/* call_graph.cpp: the function instruction i calls directly (through
 * pointer casts), or null; whether f can call itself, directly or through
 * functions it calls (OpenCL C 3.0 §6.11 forbids recursion; passes that
 * inline until a call is gone check it first, so as not to loop). */
llvm::Function *direct_callee(const llvm::Instruction &i);
bool calls_itself(const llvm::Function &f);

/* barrier_calls.cpp: what a barrier call is (OpenCL C 3.0 §6.15.9, as
 * Clang and the SPIR-V translator spell it, and kernel-lib's own), the
 * implicit barrier Kiln inserts, whether loop l (or function f) calls a
 * barrier, and whether l calls nothing but intrinsics (a barrier is a call). */
/* vector_variants.cpp: the name of the vector variant of the function
 * called `name` (its companion `<name>_vec`); whether f is such a
 * companion of a function of its module; whether f has one or is one. */
std::string vector_variant_name(llvm::StringRef name);
bool is_vector_variant(const llvm::Function &f);
bool has_vector_variant(const llvm::Function &f);
bool is_barrier(const llvm::Function *callee);
bool loop_has_barrier(const llvm::Loop *l);
bool function_has_barrier(const llvm::Function &f);
void insert_implicit_barrier(llvm::Instruction *before);
bool calls_only_intrinsics(const llvm::Loop *l);
/* unroll_small_loops.cpp: whether -O3's full unroller is left to flatten
 * loop l and the loops inside it (each a constant trip count of at most
 * SMALL_TRIP_COUNT, no barrier or other call, no unroll metadata but
 * llvm.loop.unroll.full; at most UNROLLED_SIZE_LIMIT instructions once
 * all are flattened): kiln-unroll-small-loops marks these,
 * kiln-loop-barriers leaves them alone. */
static const unsigned SMALL_TRIP_COUNT = 64;
static const unsigned UNROLLED_SIZE_LIMIT = 2048;
bool leaves_to_unroller(const llvm::Loop *l, llvm::ScalarEvolution &se);
/* OpenCL's global address space, as Clang's SPIR targets number it. */
static const unsigned AS_GLOBAL = 1;
/* The generic address space in the front end's address-space map, the
 * flat one for InferAddressSpaces (kiln-wi-simplify, checked mode). */
static const unsigned AS_GENERIC = 4;
/* prefetch_calls.cpp (prefetch.h) and lower_prefetch.cpp: the prefetch calls
 * of kiln-prefetch-next and kiln-prefetch-groups
 * (PREFETCH_FN.p<as>, one pointer) and their vector variants
 * (prefetch_variant_name(VF).p<as>, <VF x ptr>), declarations that
 * kiln-lower-prefetch replaces by llvm.prefetch before code generation. */
static const char PREFETCH_FN[] = "__kiln_prefetch_next";
static const char PREFETCH_FN_VEC[] = "__kiln_prefetch_next_v";
std::string prefetch_variant_name(unsigned lanes);
/* atomic_loops.cpp: whether loop l holds an atomic operation or a fence;
 * such loops keep running one work-item at a time (no implicit barriers). */
bool synchronises_through_memory(const llvm::Loop *l);
/* Whether l may wait for another work-item: an exit of l compares what an
 * atomic or volatile read of one shared address gives (a load, an
 * atomicrmw, a cmpxchg with a loop-invariant expected value) with a value
 * l does not change (a spin lock, a flag, a ticket).  A cmpxchg retry loop
 * (the compared value read again in the loop, as in a float atomic add)
 * and a scan over several addresses do not wait: alone they finish.
 * atomic_loops.cpp. */
bool waits_for_other_work_items(const llvm::Loop *l);

/* A value kept in the context across barriers (context.cpp lays them out;
 * the work-group function publishes the group-wide ones). */
struct context_slot {
	llvm::AllocaInst *alloca;
	uint64_t offset; /* in the per-work-item row, see context.cpp */
	uint64_t size;
	enum kind_t {
		/* One value per work-item: a row of the context. */
		ROW,
		/* A value every work-item holds alike, in one group-wide
		 * copy (see barriers.cpp): reads see `size` bytes at the
		 * slot's start, writes go to the `size` bytes after them,
		 * and the work-group function copies the second into the
		 * first after each region (size holds 2 × the value, so
		 * there is room even for a group of one). */
		SHARED,
		/* An i32 flag that reads as "any work-item of the group
		 * wrote non-zero in the previous region" (divergent_loops.cpp
		 * marks it with !kiln.any): each work-item writes its own
		 * row element, reads see one group-wide word after the row,
		 * which the work-group function sets to the OR of the row
		 * after each region (size is 8: the row, and room for it). */
		ANY,
		/* A value every work-item holds alike, in one group-wide
		 * copy that loads and stores both use: for a value no
		 * region may load before storing it (barriers.cpp), so a
		 * work-item never reads another's store of this region in
		 * place of an older value, and reads its own (the same)
		 * after storing.  Not published. */
		SHARED_ONE,
	} kind = ROW;
};
/* The region id a work-item function returns when the kernel ends. */
enum : uint32_t { REGION_EXIT = 0xffffffffu };
/* Bytes of the next-region slot for a work-item function cut at `barriers`
 * barriers: the narrowest of 1, 2, 4 whose all-ones value (REGION_EXIT
 * truncated) is no region id 0..barriers (context.cpp says why narrow). */
uint64_t next_region_bytes(uint32_t barriers);

/* What the work-group passes leave on a work-item function for the next
 * ones (context.cpp, local_vars.cpp, barriers.cpp write them; kiln-workgroup
 * reads them and removes them): */
struct workitem_layout {
	uint32_t regions = 0;        /* barriers cut (!kiln.regions) */
	uint64_t local_size = 0;     /* __local bytes (!kiln.local_size) */
	uint64_t context_size = 0;   /* bytes per work-item (!kiln.context) */
	uint64_t next_offset = 0;    /* the next-region slot (!kiln.context) */
	uint64_t next_size = 4;      /* its bytes: 1, 2 or 4 (!kiln.context) */
	std::vector<context_slot> published; /* SHARED and ANY slots, no alloca */
};
workitem_layout read_layout(const llvm::Function &wi);
void set_layout_field(llvm::Function &wi, llvm::StringRef kind,
		      llvm::ArrayRef<uint64_t> values);
void clear_layout(llvm::Function &wi);

/* Names. */
inline std::string wi_name(llvm::StringRef k) { return ("__kiln_wi_" + k).str(); }
inline std::string wg_name(llvm::StringRef k) { return ("__kiln_wg_" + k).str(); }
/* Whether f is a work-group function with a body (kiln-workgroup). */
inline bool is_wg_function(const llvm::Function &f)
{
	return !f.isDeclaration() && f.getName().startswith("__kiln_wg_");
}
/* What a clone's map m makes of v: v itself where m has no entry (a
 * constant, a value from outside what was cloned). */
inline llvm::Value *mapped_value(llvm::ValueToValueMapTy &m, llvm::Value *v)
{
	auto it = m.find(v);
	return it == m.end() ? v : static_cast<llvm::Value *>(it->second);
}
inline std::string ctx_name(llvm::StringRef k) { return ("__kiln_ctx_" + k).str(); }
inline std::string lmem_name(llvm::StringRef k) { return ("__kiln_lmem_" + k).str(); }
/* A kernel k with a variant for narrow groups has the kernel
 * k<narrow_suffix> (so __kiln_wg_k.kiln_narrow, ...) and the marker
 * __kiln_narrow_<k>, a constant i64: the variant runs for groups of fewer
 * work-items than that along dimension 0 (jit.cpp reads it). */
constexpr const char *narrow_suffix = ".kiln_narrow";
/* Loop metadata (an option of the loop ID) kiln-workgroup puts on a narrow
 * variant's loop over dimension 0, for kiln-jam-narrow. */
constexpr const char *jam_mark = "kiln.jam";
inline std::string narrow_marker_name(llvm::StringRef k) { return ("__kiln_narrow_" + k).str(); }
/* The marker of a kernel that cannot tell how its work-items are grouped
 * (group_free.cpp): a constant i64 1. */
inline std::string group_free_name(llvm::StringRef k) { return ("__kiln_group_free_" + k).str(); }
/* The entry of each fiber of a kernel that runs its work-items as fibers. */
inline std::string fiber_name(llvm::StringRef k) { return ("__kiln_fiber_" + k).str(); }
/* kiln-pair-workitems' function running work-items x and x + 1 of k. */
inline std::string pair_name(llvm::StringRef k) { return ("__kiln_pair_" + k).str(); }

/* printf.cpp: replaces the printf calls (OpenCL C 3.0 §6.15.14) that
 * kernel's work-group function makes by records in the printf buffer
 * (compiler.h), after kiln-workgroup; a kernel that prints gets the marker
 * global printf_marker_prefix<name>.  False (with a log line) for a format
 * that is not a string literal. */
bool lower_printf(llvm::Function &kernel, std::string &log);
/* Before the work-group functions are made: gives printf a name the
 * library-call optimisations do not know; false when nothing calls printf
 * (then lower_printf need not run: no code, no cost). */
bool hide_printf(llvm::Module &m);
/* Whether hide_printf renamed printf in m. */
bool printf_hidden(const llvm::Module &m);
inline constexpr const char *printf_marker_prefix = "__kiln_printf_";

/* wg_state.cpp: replaces kernel-lib's __kiln_wg_state() calls reached
 * from kernel's work-group function by its state argument (after
 * kiln-workgroup).  False (with a log line) when a call cannot be inlined. */
bool lower_wg_state_calls(llvm::Function &kernel, std::string &log);

/* True for an OpenCL kernel (spir_kernel or !kernel_arg_* metadata). */
bool is_kernel(const llvm::Function &f);

/* A constant i64 `name` = value that the runtime reads from the object
 * (jit.cpp): external, so that -O3 keeps it. */
void add_runtime_constant(llvm::Module &m, const std::string &name, uint64_t value);
/* A kernel Clang made from a block passed to enqueue_kernel (block_kernels.cpp):
 * launched by the runtime, never listed to the application. */
bool is_block_kernel(const llvm::Function &f);
/* workgroup.cpp marks the load of a buffer (global or constant pointer)
 * argument's data pointer from its slot with this metadata: the slot
 * holds the bytes addressable from it next (compiler.h). */
static const char *const arg_data_mark = "kiln.arg.data";
/* The metadata that keeps a block kernel a kernel once retargeting has
 * taken its spir_kernel calling convention (finalize.cpp). */
inline constexpr const char *block_kernel_mark = "kiln.block_kernel";
/* On a kernel: !{i64 x, i64 y, i64 z}, the local size kiln-workgroup
 * specializes its work-group function for (kiln_finalize_for_size), as it
 * does for reqd_work_group_size. */
inline constexpr const char *local_size_mark = "kiln.local_size";
/* On a kernel: !{!{i32 argument, i32 kind, i32 values...}, ...}, what a
 * launch the runtime specializes for fixes about its image and sampler
 * arguments (kiln_finalize_for_size's struct kiln_arg_fact; kiln-image-facts). */
inline constexpr const char *arg_facts_mark = "kiln.arg_facts";
/* workitem_layout.cpp: !{i64 values...} */
llvm::MDNode *md_ints(llvm::LLVMContext &c, llvm::ArrayRef<uint64_t> values);
/* kernel-lib's `int __kiln_formats_fixed(void)`: kiln-image-facts makes its
 * calls 1 in a work-item function with !kiln.arg_facts, 0 in others;
 * finalize.cpp makes any left 0. */
inline constexpr const char *formats_fixed_fn = "__kiln_formats_fixed";
/* image_facts.cpp: replaces every call of formats_fixed_fn in f (every
 * function of m when f is null) by `value`. */
void resolve_formats_fixed(llvm::Module &m, llvm::Function *f, bool value);
inline constexpr uint32_t ARG_FACT_IMAGE = KILN_ARG_FACT_IMAGE;
inline constexpr uint32_t ARG_FACT_SAMPLER = KILN_ARG_FACT_SAMPLER;
/* metadata.cpp: whether argument i of kernel k is an image (its
 * kernel_arg_base_type, or kernel_arg_type, names an image type). */
bool kernel_arg_is_image(const llvm::Function &k, unsigned i);
/* metadata.cpp: whether argument i of kernel k is declared read_only. */
bool kernel_arg_is_read_only(const llvm::Function &k, unsigned i);
/* image_facts.cpp: the loads of the pixel data pointer of work-item
 * function f's read_only image arguments. */
std::vector<llvm::LoadInst *> read_only_image_pixels(llvm::Function &f);

} // namespace kiln

#endif
