/* Kernel metadata from IR (OpenCL 3.0 §5.9.3 clGetKernelInfo, clGetKernelArgInfo,
 * clGetKernelWorkGroupInfo): the !kernel_arg_* metadata Clang and the SPIR-V
 * translator put on each kernel, its attributes, and the kernel-scope
 * __local variables it uses. */
#include "compiler/internal.h"
#include "compiler/program_rules.h"

#include "core/cl_target.h"

#include <cstdlib>
#include <cstring>

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>

namespace kiln {

static char *dup(const std::string &s)
{
	char *p = static_cast<char *>(malloc(s.size() + 1));
	if (p)
		memcpy(p, s.c_str(), s.size() + 1);
	return p;
}

static std::string md_string(const llvm::Function &f, const char *kind,
			     unsigned i)
{
	llvm::MDNode *n = f.getMetadata(kind);
	if (!n || i >= n->getNumOperands())
		return "";
	if (auto *s = llvm::dyn_cast_or_null<llvm::MDString>(n->getOperand(i)))
		return s->getString().str();
	return "";
}

static int64_t md_int(const llvm::Function &f, const char *kind, unsigned i,
		      int64_t dflt)
{
	llvm::MDNode *n = f.getMetadata(kind);
	if (!n || i >= n->getNumOperands())
		return dflt;
	if (auto *c = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
		    n->getOperand(i)))
		return c->getSExtValue();
	return dflt;
}

static bool has_word(const std::string &s, const char *w)
{
	size_t n = strlen(w);
	for (size_t p = s.find(w); p != std::string::npos; p = s.find(w, p + 1)) {
		bool start = p == 0 || s[p - 1] == ' ';
		bool end = p + n == s.size() || s[p + n] == ' ';
		if (start && end)
			return true;
	}
	return false;
}

/* The OpenCL C spelling of the type of a vec_type_hint. */
static std::string vec_type_name(llvm::Type *ty, bool is_signed)
{
	unsigned n = 1;
	if (auto *v = llvm::dyn_cast<llvm::FixedVectorType>(ty)) {
		n = v->getNumElements();
		ty = v->getElementType();
	}
	std::string base;
	if (ty->isHalfTy())
		base = "half";
	else if (ty->isFloatTy())
		base = "float";
	else if (ty->isDoubleTy())
		base = "double";
	else if (ty->isIntegerTy(8))
		base = is_signed ? "char" : "uchar";
	else if (ty->isIntegerTy(16))
		base = is_signed ? "short" : "ushort";
	else if (ty->isIntegerTy(32))
		base = is_signed ? "int" : "uint";
	else if (ty->isIntegerTy(64))
		base = is_signed ? "long" : "ulong";
	else
		base = "int";
	return n > 1 ? base + std::to_string(n) : base;
}

/* cl_intel_required_subgroup_size: Clang puts intel_reqd_sub_group_size(N)
 * on the kernel as !intel_reqd_sub_group_size !{i32 N}, and the SPIR-V
 * translator turns the SubgroupSize execution mode into the same node.
 * Clang 15 rejects 0 but lets a negative N through as that i32: read the
 * bits unsigned, so that it becomes a size no device lists.  0 when absent. */
static uint32_t reqd_sub_group_size(const llvm::Function &f)
{
	llvm::MDNode *n = f.getMetadata("intel_reqd_sub_group_size");
	if (!n || n->getNumOperands() < 1)
		return 0;
	if (auto *c = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
		    n->getOperand(0)))
		return (uint32_t)c->getZExtValue();
	return 0;
}

/* CL_KERNEL_ATTRIBUTES: the attributes as written in the source (§5.9.3). */
static std::string kernel_attributes(const llvm::Function &f)
{
	std::string out;
	auto triple = [&](const char *kind, const char *name) {
		if (!f.getMetadata(kind))
			return;
		if (!out.empty())
			out += " ";
		out += std::string(name) + "(" +
		       std::to_string(md_int(f, kind, 0, 1)) + "," +
		       std::to_string(md_int(f, kind, 1, 1)) + "," +
		       std::to_string(md_int(f, kind, 2, 1)) + ")";
	};
	triple("reqd_work_group_size", "reqd_work_group_size");
	triple("work_group_size_hint", "work_group_size_hint");
	if (uint32_t n = reqd_sub_group_size(f)) {
		if (!out.empty())
			out += " ";
		out += "intel_reqd_sub_group_size(" + std::to_string(n) + ")";
	}
	if (llvm::MDNode *n = f.getMetadata("vec_type_hint")) {
		if (n->getNumOperands() >= 2) {
			auto *v = llvm::mdconst::dyn_extract_or_null<llvm::Constant>(
				n->getOperand(0));
			int64_t sgn = md_int(f, "vec_type_hint", 1, 1);
			if (v) {
				if (!out.empty())
					out += " ";
				out += "vec_type_hint(" +
				       vec_type_name(v->getType(), sgn != 0) + ")";
			}
		}
	}
	return out;
}

/* Whether a kernel_arg_base_type names an image type (OpenCL C 3.0
 * §6.3.3, "Other Built-in Data Types"), with or without the access
 * qualifier in front.  Exact names: a struct called image_data, or a
 * pointer to one, is not an image. */
static bool is_image_type(std::string b)
{
	for (const char *q : {"__read_only ", "__write_only ", "__read_write ",
			      "read_only ", "write_only ", "read_write "})
		if (b.rfind(q, 0) == 0) {
			b.erase(0, strlen(q));
			break;
		}
	static const char *const images[] = {
		"image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t",
		"image2d_array_t", "image2d_depth_t", "image2d_array_depth_t",
		"image2d_msaa_t", "image2d_array_msaa_t", "image2d_msaa_depth_t",
		"image2d_array_msaa_depth_t", "image3d_t",
	};
	for (const char *n : images)
		if (b == n)
			return true;
	return false;
}

bool kernel_arg_is_image(const llvm::Function &k, unsigned i)
{
	std::string b = md_string(k, "kernel_arg_base_type", i);
	return is_image_type(b.empty() ? md_string(k, "kernel_arg_type", i) : b);
}

bool kernel_arg_is_read_only(const llvm::Function &k, unsigned i)
{
	return md_string(k, "kernel_arg_access_qual", i) == "read_only";
}

static bool fill_arg(const llvm::Function &f, unsigned i,
		     const llvm::DataLayout &dl, struct kiln_arg_info *a)
{
	const llvm::Argument *arg = f.getArg(i);
	llvm::Type *ty = arg->getType();
	int64_t as = md_int(f, "kernel_arg_addr_space", i, 0);
	std::string access = md_string(f, "kernel_arg_access_qual", i);
	std::string type = md_string(f, "kernel_arg_type", i);
	std::string base = md_string(f, "kernel_arg_base_type", i);
	std::string qual = md_string(f, "kernel_arg_type_qual", i);
	std::string name = md_string(f, "kernel_arg_name", i);
	if (type.empty())
		type = base;

	switch (as) {
	case 1: a->address_qualifier = CL_KERNEL_ARG_ADDRESS_GLOBAL; break;
	case 2: a->address_qualifier = CL_KERNEL_ARG_ADDRESS_CONSTANT; break;
	case 3: a->address_qualifier = CL_KERNEL_ARG_ADDRESS_LOCAL; break;
	default: a->address_qualifier = CL_KERNEL_ARG_ADDRESS_PRIVATE; break;
	}
	if (access == "read_only")
		a->access_qualifier = CL_KERNEL_ARG_ACCESS_READ_ONLY;
	else if (access == "write_only")
		a->access_qualifier = CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
	else if (access == "read_write")
		a->access_qualifier = CL_KERNEL_ARG_ACCESS_READ_WRITE;
	else
		a->access_qualifier = CL_KERNEL_ARG_ACCESS_NONE;
	a->type_qualifier = CL_KERNEL_ARG_TYPE_NONE;
	if (has_word(qual, "const") || as == 2)
		a->type_qualifier |= CL_KERNEL_ARG_TYPE_CONST;
	if (has_word(qual, "restrict"))
		a->type_qualifier |= CL_KERNEL_ARG_TYPE_RESTRICT;
	if (has_word(qual, "volatile"))
		a->type_qualifier |= CL_KERNEL_ARG_TYPE_VOLATILE;
	bool pipe = has_word(qual, "pipe");
	if (pipe)
		a->type_qualifier |= CL_KERNEL_ARG_TYPE_PIPE;

	/* The type names come as written (typedefs kept); the base type
	 * resolves them, which is what decides the kind. */
	std::string b = base.empty() ? type : base;
	if (is_image_type(b))
		a->kind = KILN_ARG_IMAGE;
	else if (b == "sampler_t")
		a->kind = KILN_ARG_SAMPLER;
	else if (pipe)
		a->kind = KILN_ARG_PIPE;
	else if (b == "queue_t")
		a->kind = KILN_ARG_QUEUE;
	else if (as == 3 && ty->isPointerTy())
		a->kind = KILN_ARG_LOCAL;
	else if ((as == 1 || as == 2) && ty->isPointerTy())
		a->kind = KILN_ARG_BUFFER;
	else
		a->kind = KILN_ARG_VALUE;

	if (a->kind == KILN_ARG_VALUE) {
		llvm::Type *vt = ty;
		if (arg->hasByValAttr())
			vt = arg->getParamByValType();
		a->size = (uint32_t)dl.getTypeAllocSize(vt);
		a->align = (uint32_t)dl.getABITypeAlign(vt).value();
		if (arg->hasByValAttr() && arg->getParamAlign())
			a->align = std::max<uint32_t>(a->align,
						      arg->getParamAlign()->value());
	} else {
		a->size = sizeof(void *);
		a->align = sizeof(void *);
	}
	a->type_name = dup(type);
	a->name = name.empty() ? nullptr : dup(name);
	return a->type_name && (name.empty() || a->name);
}

/* A rough private memory figure: the kernel's own stack objects. */
static bool fill_kernel(llvm::Function &f, struct kiln_kernel_info *k)
{
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	k->name = dup(f.getName().str());
	k->attributes = dup(kernel_attributes(f));
	if (!k->name || !k->attributes)
		return false;
	for (unsigned d = 0; d < 3; d++) {
		k->reqd_work_group_size[d] =
			f.getMetadata("reqd_work_group_size")
				? (size_t)md_int(f, "reqd_work_group_size", d, 0)
				: 0;
		k->work_group_size_hint[d] =
			f.getMetadata("work_group_size_hint")
				? (size_t)md_int(f, "work_group_size_hint", d, 0)
				: 0;
	}
	k->reqd_sub_group_size = reqd_sub_group_size(f);
	k->local_mem_size = layout_local_vars(f).size;
	k->private_mem_size = private_mem_bytes(f); /* program_rules.h */
	k->num_args = f.arg_size();
	if (!k->num_args)
		return true;
	k->args = static_cast<struct kiln_arg_info *>(
		calloc(k->num_args, sizeof(*k->args)));
	if (!k->args)
		return false;
	for (unsigned i = 0; i < k->num_args; i++)
		if (!fill_arg(f, i, dl, &k->args[i]))
			return false;
	return true;
}

static uint64_t global_variable_size(const llvm::Module &m)
{
	uint64_t n = 0;
	const llvm::DataLayout &dl = m.getDataLayout();
	for (const llvm::GlobalVariable &g : m.globals())
		if (g.getAddressSpace() == 1 && !g.isDeclaration())
			n += dl.getTypeAllocSize(g.getValueType());
	return n;
}

} // namespace kiln

extern "C" void kiln_program_info_free(struct kiln_program_info *info)
{
	if (!info)
		return;
	for (uint32_t i = 0; i < info->num_kernels; i++) {
		struct kiln_kernel_info *k = &info->kernels[i];
		for (uint32_t j = 0; k->args && j < k->num_args; j++) {
			free(k->args[j].type_name);
			free(k->args[j].name);
		}
		free(k->args);
		free(k->name);
		free(k->attributes);
	}
	free(info->kernels);
	memset(info, 0, sizeof(*info));
}

extern "C" bool kiln_ir_kernels(const struct kiln_blob *ir,
				struct kiln_program_info *out, char **log)
{
	std::string l;
	memset(out, 0, sizeof(*out));
	bool ok = kiln::run_safely(l, [&] {
		llvm::LLVMContext ctx;
		kiln::log_diagnostics(ctx, l);
		std::unique_ptr<llvm::Module> m = kiln::read_ir(ctx, ir, l);
		if (!m)
			return false;
		std::vector<llvm::Function *> ks;
		for (llvm::Function &f : *m)
			/* Block kernels are the runtime's (§6.15.15). */
			if (kiln::is_kernel(f) && !kiln::is_block_kernel(f))
				ks.push_back(&f);
		out->global_variable_size = kiln::global_variable_size(*m);
		if (ks.empty())
			return true;
		out->kernels = static_cast<struct kiln_kernel_info *>(
			calloc(ks.size(), sizeof(*out->kernels)));
		if (!out->kernels) {
			l += "error: out of host memory\n";
			return false;
		}
		out->num_kernels = (uint32_t)ks.size();
		for (size_t i = 0; i < ks.size(); i++)
			if (!kiln::fill_kernel(*ks[i], &out->kernels[i])) {
				l += "error: out of host memory\n";
				return false;
			}
		return true;
	});
	if (!ok)
		kiln_program_info_free(out);
	kiln::give_log(l, log);
	return ok;
}
