/* Recursion is not allowed (OpenCL C 3.0 §6.11, restriction on recursion;
 * kiln-inline-all inlines every call and could not end otherwise): every
 * cycle of direct calls among the program's functions is a build error
 * that names its functions.  Tarjan's strongly connected components over
 * the direct-call graph, iterative, so a deep call chain cannot overflow
 * the compiler's own stack. */
#include "compiler/program_rules.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace kiln {

namespace {
struct node {
	const llvm::Function *f;
	std::vector<unsigned> callees;
	unsigned index = 0, low = 0;
	bool visited = false, on_stack = false, self = false;
};
} // namespace

static std::string describe(const llvm::Function *f)
{
	return std::string(is_kernel(*f) ? "kernel '" : "function '") + f->getName().str() + "'";
}

bool check_recursion(const llvm::Module &m, std::string &log)
{
	std::vector<node> nodes;
	std::unordered_map<const llvm::Function *, unsigned> id;
	for (const llvm::Function &f : m)
		if (!f.isDeclaration()) {
			id[&f] = nodes.size();
			nodes.push_back({&f, {}});
		}
	for (node &n : nodes)
		for (const llvm::BasicBlock &bb : *n.f)
			for (const llvm::Instruction &i : bb)
				if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
					auto *callee = llvm::dyn_cast<llvm::Function>(
						c->getCalledOperand()->stripPointerCasts());
					auto it = callee ? id.find(callee) : id.end();
					if (it == id.end())
						continue;
					if (it->second == (unsigned)(&n - nodes.data()))
						n.self = true;
					n.callees.push_back(it->second);
				}

	bool ok = true;
	unsigned counter = 1;
	std::vector<unsigned> stack;
	/* (node, next callee to look at) frames of the depth-first search */
	std::vector<std::pair<unsigned, size_t>> dfs;
	for (unsigned root = 0; root < nodes.size(); root++) {
		if (nodes[root].visited)
			continue;
		dfs.push_back({root, 0});
		while (!dfs.empty()) {
			unsigned v = dfs.back().first;
			node &n = nodes[v];
			if (!n.visited) {
				n.visited = true;
				n.index = n.low = counter++;
				stack.push_back(v);
				n.on_stack = true;
			}
			size_t &next = dfs.back().second;
			if (next < n.callees.size()) {
				unsigned w = n.callees[next++];
				if (!nodes[w].visited)
					dfs.push_back({w, 0});
				else if (nodes[w].on_stack)
					n.low = std::min(n.low, nodes[w].index);
				continue;
			}
			dfs.pop_back();
			if (!dfs.empty()) {
				node &parent = nodes[dfs.back().first];
				parent.low = std::min(parent.low, n.low);
			}
			if (n.low != n.index)
				continue;
			std::vector<const llvm::Function *> scc;
			unsigned w;
			do {
				w = stack.back();
				stack.pop_back();
				nodes[w].on_stack = false;
				scc.push_back(nodes[w].f);
			} while (w != v);
			if (scc.size() == 1 && !n.self)
				continue;
			ok = false;
			if (scc.size() == 1) {
				log += "error: " + describe(scc[0]) +
				       " calls itself: recursion is not allowed in OpenCL C "
				       "(OpenCL C 3.0 section 6.11)\n";
				continue;
			}
			std::sort(scc.begin(), scc.end(), [](const llvm::Function *a, const llvm::Function *b) {
				return a->getName() < b->getName();
			});
			std::string names;
			for (size_t i = 0; i < scc.size(); i++)
				names += (i ? (i + 1 == scc.size() ? " and " : ", ") : "") + describe(scc[i]);
			log += "error: " + names +
			       " call each other: recursion is not allowed in OpenCL C "
			       "(OpenCL C 3.0 section 6.11)\n";
		}
	}
	return ok;
}

} // namespace kiln
