/* kiln-interleave-chains: independent dependent chains of a block, a few
 * side by side instead of one after the other.
 *
 * A double16 multiply-add chain, split by kiln-scalarize and vectorized
 * across eight work-items, is sixteen chains of 8-lane FMAs in one loop
 * body; the IR that reaches code generation holds them one after the
 * other (each lane's whole chain, then the next lane's), and LLVM's
 * schedulers keep that order.  A core overlaps chains only as far as its
 * out-of-order window reaches, about two of them here: on the 2-core Zen 5
 * VM every madd-double row of kiln-bench-compute ran at 55% of the fp64
 * FMA limit, float16 and short16 alike.  This pass reorders such a block
 * so that K chains advance together, step by step, then the next K
 * (chains.h's latency figures: K is enough to cover the FMA latency on
 * both pipes, as many as the registers hold).
 *
 * Chains are the connected components of the block's data dependences,
 * not counting edges into or out of pointers (loop counters and addresses
 * are shared by all chains and tie nothing together), out of conditions
 * (the mask all masked accesses of a predicated loop read), or out of a
 * value read from memory (a load, or a broadcast of one) whose users are
 * in more than one component (a tile row of B and the broadcasts of A
 * that all accumulators of a register-tiled SGEMM read).  A component with at least
 * CHAIN_MIN_LONG_OPS operations of 3 cycles or more, or a dependent path
 * of CHAIN_MIN_PATH cycles (an integer hash's adds and rotates), is a
 * chain; the rest travels with the chain before it.  K is as many chains
 * as both register files hold at once (loaded values not counted: they
 * are read again where used), the groups balanced; 1 when not even two
 * fit, so that chains the IR holds all step by step (a split uint16 hash
 * round: sixteen at once, spilling) run one after the other.  The new
 * order is a list schedule: of the instructions whose operands are
 * placed, the one of the earliest group of K chains, then the least
 * depth (cycles from the block's start along its operands; for every
 * value that is not a pointer and writes nothing, the latest depth that
 * still feeds its first user in time, so that it holds no register long
 * before), then the earliest in the old order.  Memory keeps its order
 * wherever neither alias analysis (masked loads and stores included) nor
 * a constant distance (scalar evolution) tells two accesses apart, and
 * calls with side effects, atomics, volatile accesses and allocas keep
 * theirs; so the block computes what it did.
 *
 * Taken: blocks of work-group functions with CHAIN_MIN_BLOCK to
 * CHAIN_MAX_BLOCK instructions and at least two chains, after each block
 * whose only predecessor branches to it alone is merged into it
 * (merge_straight_blocks).
 *
 * Assumes: after the -O3 pipeline (kiln-unroll-chains has run).
 * Guarantees: apart from those merges, only the order of instructions
 * within a block changes; phis stay first and terminators last. */
#include "compiler/passes.h"
#include "compiler/chains.h"

#include <llvm/ADT/EquivalenceClasses.h>
#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/MemoryLocation.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <algorithm>
#include <cassert>
#include <queue>
#include <tuple>

namespace kiln {

namespace {
constexpr size_t CHAIN_MIN_BLOCK = 48;
constexpr size_t CHAIN_MAX_BLOCK = 16384;
constexpr unsigned CHAIN_MIN_LONG_OPS = 8;
/* or a dependent path this many cycles long (an integer hash: MD5's 64
 * steps of one-cycle adds, logic and rotates) */
constexpr unsigned CHAIN_MIN_PATH = 32;
/* chains side by side: 2 FMA pipes x 4 cycles of latency */
constexpr unsigned CHAIN_MAX_SIDE_BY_SIDE = 8;
/* memory accesses compared pairwise with alias analysis; beyond, every
 * access keeps its place among the others */
constexpr size_t CHAIN_MAX_ALIAS_QUERIES = 512;
/* registers of each file kept free for operands loaded or computed in
 * passing (of the general-purpose ones: the stack, addresses, counters) */
constexpr unsigned CHAIN_SPARE_REGISTERS = 0;
constexpr unsigned CHAIN_SPARE_SCALAR_REGISTERS = 6;

struct block_graph {
	std::vector<llvm::Instruction *> ins;
	std::vector<std::vector<unsigned>> succs;
	std::vector<unsigned> preds_left, depth;
	std::map<const llvm::Instruction *, unsigned> at; /* place in ins */
};
} // namespace

/* The operand number of the pointer of a masked load or store (the
 * accesses of a predicated work-item loop: the vectorizer's if-converted
 * body), or -1. */
static int masked_pointer(const llvm::Instruction *i)
{
	auto *c = llvm::dyn_cast<llvm::IntrinsicInst>(i);
	if (!c)
		return -1;
	if (c->getIntrinsicID() == llvm::Intrinsic::masked_load)
		return 0;
	if (c->getIntrinsicID() == llvm::Intrinsic::masked_store)
		return 1;
	return -1;
}

/* An access alias analysis may compare: a simple load or store, or a
 * masked one (whose location covers all its lanes). */
static bool simple_access(const llvm::Instruction *i)
{
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i))
		return l->isSimple();
	if (auto *s = llvm::dyn_cast<llvm::StoreInst>(i))
		return s->isSimple();
	return masked_pointer(i) >= 0;
}

static llvm::MemoryLocation location_of(const llvm::Instruction *i)
{
	int arg = masked_pointer(i);
	if (arg >= 0)
		return llvm::MemoryLocation::getForArgument(llvm::cast<llvm::CallBase>(i), (unsigned)arg,
							    nullptr);
	return llvm::MemoryLocation::get(i);
}

/* The address and the bytes a simple access covers. */
static llvm::Value *address_of(llvm::Instruction *i)
{
	int arg = masked_pointer(i);
	return arg >= 0 ? i->getOperand((unsigned)arg) : llvm::getLoadStorePointerOperand(i);
}

static uint64_t bytes_of(const llvm::Instruction *i)
{
	const llvm::DataLayout &dl = i->getModule()->getDataLayout();
	llvm::Type *t = llvm::isa<llvm::StoreInst>(i) || masked_pointer(i) == 1
				? i->getOperand(0)->getType()
				: i->getType();
	return dl.getTypeStoreSize(t).getFixedSize();
}

/* Whether i changes memory or must keep its place among such (side
 * effects, allocas). */
static bool writes(const llvm::Instruction *i)
{
	return i->mayWriteToMemory() || i->mayHaveSideEffects() || llvm::isa<llvm::AllocaInst>(i);
}

static bool touches_memory(const llvm::Instruction *i)
{
	return i->mayReadFromMemory() || writes(i);
}

/* Whether two simple accesses are a constant distance apart that keeps
 * their bytes apart.  Alias analysis does not see through the byte
 * offsets of a context row (`shl (add %index, C), 2`, no wrap flags), so
 * the copies kiln-unroll-chains made of one iteration looked as if they
 * touched each other's rows; scalar evolution computes the distance.  An
 * address is taken modulo 2^64, so a constant distance at least as large
 * as the access before it separates the two whatever wraps. */
static bool apart(llvm::ScalarEvolution &se, llvm::Instruction *a, llvm::Instruction *b)
{
	llvm::Value *pa = address_of(a);
	llvm::Value *pb = address_of(b);
	if (pa->getType() != pb->getType() || !se.isSCEVable(pa->getType()))
		return false;
	auto *d = llvm::dyn_cast<llvm::SCEVConstant>(se.getMinusSCEV(se.getSCEV(pa), se.getSCEV(pb)));
	if (!d || d->getAPInt().getBitWidth() > 64)
		return false;
	int64_t dist = d->getAPInt().getSExtValue();
	uint64_t size_a = bytes_of(a);
	uint64_t size_b = bytes_of(b);
	return dist >= 0 ? (uint64_t)dist >= size_b : (uint64_t)(-(dist + 1)) + 1 >= size_a;
}

/* Whether b (later in the block) must stay after a (both touch memory). */
static bool ordered(llvm::AAResults &aa, llvm::ScalarEvolution &se, llvm::Instruction *a,
		    llvm::Instruction *b, bool use_aa)
{
	if (!writes(a) && !writes(b))
		return false; /* two reads */
	if (!use_aa || !simple_access(a) || !simple_access(b))
		return true;
	return !aa.isNoAlias(location_of(a), location_of(b)) &&
	       !apart(se, a, b);
}

static block_graph graph_of(llvm::BasicBlock &bb, llvm::AAResults &aa,
			    llvm::ScalarEvolution &se)
{
	block_graph g;
	for (llvm::Instruction &i : bb)
		if (chain_movable(i)) {
			g.at[&i] = (unsigned)g.ins.size();
			g.ins.push_back(&i);
		}
	size_t n = g.ins.size();
	g.succs.assign(n, {});
	g.preds_left.assign(n, 0);
	g.depth.assign(n, 0);
	auto edge = [&](unsigned from, unsigned to, unsigned latency) {
		g.succs[from].push_back(to);
		g.preds_left[to]++;
		g.depth[to] = std::max(g.depth[to], g.depth[from] + latency);
	};
	std::vector<unsigned> mem;
	for (unsigned k = 0; k < n; k++)
		if (touches_memory(g.ins[k]))
			mem.push_back(k);
	bool use_aa = mem.size() <= CHAIN_MAX_ALIAS_QUERIES;
	size_t next_mem = 0;
	for (unsigned k = 0; k < n; k++) {
		llvm::Instruction *i = g.ins[k];
		for (llvm::Value *op : i->operands()) {
			auto it = g.at.find(llvm::dyn_cast<llvm::Instruction>(op));
			if (it != g.at.end())
				edge(it->second, k, chain_latency(*it->first));
		}
		if (next_mem < mem.size() && mem[next_mem] == k) {
			if (use_aa) {
				for (size_t p = 0; p < next_mem; p++)
					if (ordered(aa, se, g.ins[mem[p]], i, true))
						edge(mem[p], k, 0);
			} else if (next_mem > 0) {
				edge(mem[next_mem - 1], k, 0);
			}
			next_mem++;
		}
	}
	return g;
}

/* Whether v is a value read from memory: a load, or a splat or insert of
 * one into a constant vector (a broadcast). */
static bool loaded_value(const llvm::Value *v)
{
	if (llvm::isa<llvm::LoadInst>(v))
		return true;
	if (auto *ie = llvm::dyn_cast<llvm::InsertElementInst>(v))
		return llvm::isa<llvm::Constant>(ie->getOperand(0)) &&
		       loaded_value(ie->getOperand(1));
	if (auto *sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(v))
		return llvm::isa<llvm::Constant>(sv->getOperand(1)) &&
		       loaded_value(sv->getOperand(0));
	return false;
}

/* Component of each instruction: data edges not through pointers or
 * conditions (i1 values and masks), and a value read from memory joins
 * its users' component only when they are all of one.  The mask of a
 * predicated work-item loop, which every masked load, masked store and
 * select of every chain reads, ties none of them to another; nor does a
 * value loaded once and read by several chains (a tile row of B and the
 * broadcasts of A that all accumulators of a register-tiled SGEMM read),
 * which can be read again where each chain needs it. */
static std::vector<unsigned> chains_of(const block_graph &g)
{
	size_t n = g.ins.size();
	llvm::EquivalenceClasses<unsigned> ec;
	for (unsigned k = 0; k < n; k++)
		ec.insert(k);
	auto tying = [&](llvm::Value *op) {
		auto it = g.at.find(llvm::dyn_cast<llvm::Instruction>(op));
		llvm::Type *t = op->getType();
		return it != g.at.end() && !t->isPointerTy() && !t->isIntOrIntVectorTy(1)
			       ? (int)it->second
			       : -1;
	};
	for (unsigned k = 0; k < n; k++) {
		if (g.ins[k]->getType()->isPointerTy())
			continue;
		for (llvm::Value *op : g.ins[k]->operands()) {
			int at = tying(op);
			if (at >= 0 && !loaded_value(op))
				ec.unionSets((unsigned)at, k);
		}
	}
	/* users come later in the block: a broadcast's users are placed
	 * before the broadcast, and the broadcast before its load */
	for (unsigned k = (unsigned)n; k-- > 0;) {
		if (!loaded_value(g.ins[k]))
			continue;
		int leader = -1;
		bool one = true;
		for (const llvm::User *u : g.ins[k]->users()) {
			auto it = g.at.find(llvm::dyn_cast<llvm::Instruction>(u));
			if (it == g.at.end())
				continue;
			int l = (int)ec.getLeaderValue(it->second);
			one &= leader < 0 || leader == l;
			leader = l;
		}
		if (one && leader >= 0)
			ec.unionSets((unsigned)leader, k);
	}
	std::map<unsigned, unsigned> number;
	std::vector<unsigned> comp(n);
	for (unsigned k = 0; k < n; k++) {
		unsigned leader = ec.getLeaderValue(k);
		auto it = number.emplace(leader, (unsigned)number.size()).first;
		comp[k] = it->second;
	}
	return comp;
}

/* The depth each instruction is scheduled by.  A value that is not a
 * pointer and writes nothing takes the latest depth that still feeds its
 * first user in time (as late as possible); addresses and writes take
 * their depth (as soon as their operands allow).  Placed as soon as
 * possible, the sixteen broadcasts of a register-tiled SGEMM row all came
 * first and held sixteen registers beside the row's eight accumulators, so
 * the chains looked too wide to run two side by side. */
static std::vector<unsigned> schedule_depths(const block_graph &g)
{
	size_t n = g.ins.size();
	std::vector<unsigned> key(g.depth);
	/* successors come later in the block: one pass backwards */
	for (unsigned k = (unsigned)n; k-- > 0;) {
		if (g.ins[k]->getType()->isPointerTy() || writes(g.ins[k]) || g.succs[k].empty())
			continue;
		unsigned lat = chain_latency(*g.ins[k]), late = ~0u;
		for (unsigned s : g.succs[k])
			late = std::min(late, key[s] >= lat ? key[s] - lat : 0u);
		key[k] = std::max(g.depth[k], late);
	}
	return key;
}

/* How many chains of `peak` values each fit `regs` registers, some kept
 * free for operands loaded or computed in passing. */
static unsigned fitting(unsigned regs, unsigned spare, unsigned peak)
{
	unsigned room = regs > spare ? regs - spare : 1;
	return peak ? room / peak : CHAIN_MAX_SIDE_BY_SIDE;
}

static bool schedule_block(llvm::BasicBlock &bb, llvm::AAResults &aa, llvm::ScalarEvolution &se,
			   chain_peaks regs)
{
	size_t size = 0;
	for (llvm::Instruction &i : bb) {
		if (llvm::isa<llvm::DbgInfoIntrinsic>(i))
			return false; /* a debug record names its place */
		size++;
	}
	if (size < CHAIN_MIN_BLOCK || size > CHAIN_MAX_BLOCK)
		return false;
	block_graph g = graph_of(bb, aa, se);
	size_t n = g.ins.size();
	std::vector<unsigned> comp = chains_of(g);
	unsigned ncomp = comp.empty() ? 0 : *std::max_element(comp.begin(), comp.end()) + 1;

	std::vector<unsigned> when = schedule_depths(g);
	std::vector<unsigned> by_key(n);
	for (unsigned k = 0; k < n; k++)
		by_key[k] = k;
	std::stable_sort(by_key.begin(), by_key.end(),
			 [&](unsigned a, unsigned b) { return when[a] < when[b]; });
	std::vector<unsigned> long_ops(ncomp, 0), first(ncomp, ~0u), last(ncomp, 0);
	std::vector<std::vector<llvm::Instruction *>> members(ncomp);
	for (unsigned k : by_key) {
		unsigned c = comp[k];
		if (chain_latency(*g.ins[k]) >= 3)
			long_ops[c]++;
		first[c] = std::min(first[c], g.depth[k]);
		last[c] = std::max(last[c], g.depth[k] + chain_latency(*g.ins[k]));
		members[c].push_back(g.ins[k]);
	}
	std::vector<char> is_chain(ncomp, 0);
	for (unsigned c = 0; c < ncomp; c++)
		is_chain[c] = long_ops[c] >= CHAIN_MIN_LONG_OPS || last[c] - first[c] >= CHAIN_MIN_PATH;
	unsigned chains = 0;
	chain_peaks peak;
	for (unsigned c = 0; c < ncomp; c++)
		if (is_chain[c]) {
			chains++;
			chain_peaks p = chain_peak_values(members[c]);
			peak.vector = std::max(peak.vector, p.vector);
			peak.scalar = std::max(peak.scalar, p.scalar);
		}
	if (chains < 2)
		return false;
	/* as many side by side as both register files hold; one at a time
	 * when not even two fit (sixteen MD5 chains of a split uint16, which
	 * the IR holds step by step, all sixteen at once) */
	unsigned side = std::min({ CHAIN_MAX_SIDE_BY_SIDE, fitting(regs.vector, CHAIN_SPARE_REGISTERS, peak.vector),
				   fitting(regs.scalar, CHAIN_SPARE_SCALAR_REGISTERS, peak.scalar) });
	side = std::max(side, 1u);
	unsigned groups = (chains + side - 1) / side;
	side = (chains + groups - 1) / groups; /* 3 + 2, not 4 + 1 */

	/* groups of `side` chains in the order they start; the other
	 * components go with the group last started */
	std::vector<int> group_of_comp(ncomp, -1);
	std::vector<unsigned> group(n);
	unsigned started = 0;
	for (unsigned k = 0; k < n; k++) {
		unsigned c = comp[k];
		if (group_of_comp[c] < 0) {
			if (is_chain[c])
				started++;
			group_of_comp[c] = started ? (int)((started - 1) / side) : 0;
		}
		group[k] = (unsigned)group_of_comp[c];
	}

	using key = std::tuple<unsigned, unsigned, unsigned>; /* group, depth, old place */
	std::priority_queue<key, std::vector<key>, std::greater<key>> ready;
	for (unsigned k = 0; k < n; k++)
		if (g.preds_left[k] == 0)
			ready.emplace(group[k], when[k], k);
	std::vector<unsigned> order;
	order.reserve(n);
	while (!ready.empty()) {
		unsigned k = std::get<2>(ready.top());
		ready.pop();
		order.push_back(k);
		for (unsigned s : g.succs[k])
			if (--g.preds_left[s] == 0)
				ready.emplace(group[s], when[s], s);
	}
	assert(order.size() == n && "the block's dependences form no cycle");
	bool moved = false;
	for (unsigned k = 0; k < n; k++)
		moved |= order[k] != k;
	if (!moved)
		return false;
	llvm::Instruction *term = bb.getTerminator();
	for (unsigned k : order)
		g.ins[k]->moveBefore(term);
	return true;
}

/* Each block whose only predecessor branches to it alone joins that
 * predecessor, so that a block's chains can be scheduled with the values
 * they read: -O3 leaves a loop of rows whose loop over a row was unrolled
 * away as two blocks, header and latch, with the row's broadcasts, hoisted
 * out of the unrolled loop, in the header and the multiply-adds that read
 * them in the latch (kiln-pair-workitems' sgemm-vec: 64 broadcasts
 * computed first, spilled and reloaded).  True when any block moved. */
static bool merge_straight_blocks(llvm::Function &f)
{
	bool merged = false;
	for (llvm::BasicBlock &bb : llvm::make_early_inc_range(f)) {
		llvm::BasicBlock *pred = bb.getSinglePredecessor();
		if (!pred || pred == &bb || pred->getSingleSuccessor() != &bb)
			continue;
		merged |= llvm::MergeBlockIntoPredecessor(&bb);
	}
	return merged;
}

llvm::PreservedAnalyses interleave_chains_pass::run(llvm::Function &f,
						     llvm::FunctionAnalysisManager &fam)
{
	if (!is_wg_function(f))
		return llvm::PreservedAnalyses::all();
	const llvm::TargetTransformInfo &tti = fam.getResult<llvm::TargetIRAnalysis>(f);
	chain_peaks regs;
	regs.vector = tti.getNumberOfRegisters(tti.getRegisterClassForType(true));
	regs.scalar = tti.getNumberOfRegisters(tti.getRegisterClassForType(false));
	bool merged = merge_straight_blocks(f);
	if (merged)
		fam.invalidate(f, llvm::PreservedAnalyses::none());
	llvm::AAResults &aa = fam.getResult<llvm::AAManager>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	bool changed = false;
	for (llvm::BasicBlock &bb : f)
		changed |= schedule_block(bb, aa, se, regs);
	return merged ? llvm::PreservedAnalyses::none() : kept_if_cfg_unchanged(changed);
}

} // namespace kiln
