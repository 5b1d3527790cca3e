/* The host's instruction set, from CPUID (the only place Kiln reads it): the
 * features the code generator and the built-in library may use, the x86-64
 * ISA level (psABI "micro-architecture levels" v2/v3/v4), the widest vector,
 * the brand string for the device name, and the clock.
 *
 * A feature counts only when the OS also saves its registers (XCR0), or the
 * first AVX instruction would fault.  KILN_ISA=x86-64[-vN] lowers the level
 * (never raises it above the host's), e.g. to test the AVX2 code paths on an
 * AVX-512 machine. */
#include "host.h"

#include <cpuid.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct kiln_host_isa isa;
static pthread_once_t isa_once = PTHREAD_ONCE_INIT;

static unsigned long long read_xcr0(void)
{
	unsigned lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((unsigned long long)hi << 32) | lo;
}

static void read_brand(void)
{
	unsigned a, b, c, d;
	if (__get_cpuid(0x80000000u, &a, &b, &c, &d) == 0 || a < 0x80000004u)
		return;
	unsigned words[12];
	for (unsigned i = 0; i < 3; i++)
		__get_cpuid(0x80000002u + i, &words[4 * i], &words[4 * i + 1],
			    &words[4 * i + 2], &words[4 * i + 3]);
	char raw[49];
	memcpy(raw, words, 48);
	raw[48] = '\0';
	/* Vendors pad the string with spaces on either side. */
	const char *s = raw;
	while (*s == ' ')
		s++;
	snprintf(isa.brand, sizeof(isa.brand), "%s", s);
	size_t n = strlen(isa.brand);
	while (n && isa.brand[n - 1] == ' ')
		isa.brand[--n] = '\0';
}

static const char *const level_names[] = {
	[1] = "x86-64", [2] = "x86-64-v2", [3] = "x86-64-v3", [4] = "x86-64-v4",
};

/* Where a feature's bit is in CPUID: leaf, register, bit, subleaf (0
 * unless given). */
enum reg { ECX, EBX, EDX, EAX };
struct cpuid_bit {
	unsigned leaf;
	enum reg reg;
	unsigned bit;
	unsigned subleaf;
};

/* What a feature's registers need the OS to save (XCR0), or its first
 * instruction faults. */
enum os_state { OS_NONE, OS_AVX, OS_AVX512 };

/* The features the code generator may use, as LLVM names them, with the
 * lowest ISA level a feature may be paired with: a feature above the
 * device's level is turned off in the feature string, so that KILN_ISA
 * really lowers the code (and the built-in library's variant). */
static const struct isa_feature {
	const char *llvm;
	int level;
	struct cpuid_bit where;
	enum os_state os;
} feature_table[] = {
	{ "sse2", 1, { 1, EDX, 26 }, OS_NONE },
	{ "cx16", 2, { 1, ECX, 13 }, OS_NONE },
	{ "sahf", 2, { 0x80000001u, ECX, 0 }, OS_NONE },
	{ "popcnt", 2, { 1, ECX, 23 }, OS_NONE },
	{ "sse3", 2, { 1, ECX, 0 }, OS_NONE },
	{ "ssse3", 2, { 1, ECX, 9 }, OS_NONE },
	{ "sse4.1", 2, { 1, ECX, 19 }, OS_NONE },
	{ "sse4.2", 2, { 1, ECX, 20 }, OS_NONE },
	{ "aes", 2, { 1, ECX, 25 }, OS_NONE },
	{ "pclmul", 2, { 1, ECX, 1 }, OS_NONE },
	{ "sha", 2, { 7, EBX, 29 }, OS_NONE },
	{ "xsave", 3, { 1, ECX, 26 }, OS_NONE },
	{ "avx", 3, { 1, ECX, 28 }, OS_AVX },
	{ "avx2", 3, { 7, EBX, 5 }, OS_AVX },
	{ "fma", 3, { 1, ECX, 12 }, OS_AVX },
	{ "f16c", 3, { 1, ECX, 29 }, OS_AVX },
	{ "movbe", 3, { 1, ECX, 22 }, OS_NONE },
	{ "lzcnt", 3, { 0x80000001u, ECX, 5 }, OS_NONE },
	{ "bmi", 3, { 7, EBX, 3 }, OS_NONE },
	{ "bmi2", 3, { 7, EBX, 8 }, OS_NONE },
	{ "adx", 3, { 7, EBX, 19 }, OS_NONE },
	{ "vaes", 3, { 7, ECX, 9 }, OS_AVX },
	{ "vpclmulqdq", 3, { 7, ECX, 10 }, OS_AVX },
	{ "gfni", 3, { 7, ECX, 8 }, OS_NONE },
	/* VEX-encoded vpdpbusd on 256-bit vectors (lib/compiler/lower_dot.cpp) */
	{ "avxvnni", 3, { 7, EAX, 4, 1 }, OS_AVX },
	{ "avx512f", 4, { 7, EBX, 16 }, OS_AVX512 },
	{ "avx512vl", 4, { 7, EBX, 31 }, OS_AVX512 },
	{ "avx512bw", 4, { 7, EBX, 30 }, OS_AVX512 },
	{ "avx512dq", 4, { 7, EBX, 17 }, OS_AVX512 },
	{ "avx512cd", 4, { 7, EBX, 28 }, OS_AVX512 },
	{ "avx512vbmi", 4, { 7, ECX, 1 }, OS_AVX512 },
	{ "avx512vbmi2", 4, { 7, ECX, 6 }, OS_AVX512 },
	{ "avx512ifma", 4, { 7, EBX, 21 }, OS_AVX512 },
	{ "avx512vnni", 4, { 7, ECX, 11 }, OS_AVX512 },
	{ "avx512bitalg", 4, { 7, ECX, 12 }, OS_AVX512 },
	{ "avx512vpopcntdq", 4, { 7, ECX, 14 }, OS_AVX512 },
	/* half arithmetic in the vector unit: vaddph, vfmadd...ph, vcvtph2psx
	 * (cl_khr_fp16 code on Sapphire Rapids and later) */
	{ "avx512fp16", 4, { 7, EDX, 23 }, OS_AVX512 },
};
#define NUM_FEATURES (sizeof(feature_table) / sizeof(feature_table[0]))

/* The psABI's feature set of each level above the first (x86-64 psABI,
 * "micro-architecture levels"; OSXSAVE is "xsave" here). */
static const char *const level_needs[5][10] = {
	[2] = { "cx16", "sahf", "popcnt", "sse3", "ssse3", "sse4.1", "sse4.2" },
	[3] = { "avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe",
		"xsave" },
	[4] = { "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl" },
};

static bool present[NUM_FEATURES];

static bool cpuid_has(struct cpuid_bit w)
{
	unsigned a, b, c, d;
	if (__get_cpuid_max(w.leaf & 0x80000000u, NULL) < w.leaf)
		return false;
	/* leaf 7 gives its highest subleaf in EAX of subleaf 0 */
	__cpuid_count(w.leaf, 0, a, b, c, d);
	if (w.subleaf && a < w.subleaf)
		return false;
	__cpuid_count(w.leaf, w.subleaf, a, b, c, d);
	unsigned r = w.reg == ECX ? c : w.reg == EBX ? b : w.reg == EDX ? d : a;
	return (r >> w.bit) & 1u;
}

static bool has(const char *llvm)
{
	for (size_t i = 0; i < NUM_FEATURES; i++)
		if (strcmp(feature_table[i].llvm, llvm) == 0)
			return present[i];
	return false;
}

static int detected_level(void)
{
	int level = 1;
	for (int l = 2; l <= 4; l++) {
		for (size_t i = 0; i < 10 && level_needs[l][i]; i++)
			if (!has(level_needs[l][i]))
				return level;
		level = l;
	}
	return level;
}

static void read_isa(void)
{
	unsigned a, b, c, d;
	bool osxsave = __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 27));
	unsigned long long xcr0 = osxsave ? read_xcr0() : 0;
	bool os_avx = (xcr0 & 0x6) == 0x6;               /* XMM and YMM state */
	bool os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM */
	for (size_t i = 0; i < NUM_FEATURES; i++) {
		const struct isa_feature *f = &feature_table[i];
		present[i] = cpuid_has(f->where) &&
			     (f->os == OS_NONE || (f->os == OS_AVX && os_avx) ||
			      (f->os == OS_AVX512 && os_avx512));
	}

	int level = detected_level();
	const char *want = getenv("KILN_ISA");
	if (want && *want) {
		for (int l = 1; l < level; l++)
			if (strcmp(want, level_names[l]) == 0)
				level = l;
	}
	isa.level = level;
	isa.level_name = level_names[level];
	/* The one place the native vector width is decided: the widest
	 * register of the level (every consumer reads it from the device's
	 * properties or struct kiln_target). */
	isa.vector_bytes = level >= 4 ? 64 : level == 3 ? 32 : 16;

	/* What the code may use: present and not above the level. */
	size_t len = 0;
	for (size_t i = 0; i < NUM_FEATURES; i++) {
		bool on = present[i] && feature_table[i].level <= level;
		int w = snprintf(isa.llvm_features + len,
				 sizeof(isa.llvm_features) - len, "%s%c%s",
				 len ? "," : "", on ? '+' : '-',
				 feature_table[i].llvm);
		if (w < 0 || (size_t)w >= sizeof(isa.llvm_features) - len)
			break; /* cannot happen: the buffer fits the table */
		len += (size_t)w;
	}
	isa.fma = has("fma");
	/* lower_dot.cpp's rule: 512-bit vectors and scalars need AVX-512
	 * VNNI with VL (both level 4), 256-bit ones AVX-VNNI at level 3 */
	isa.vnni = (level >= 4 && has("avx512vnni")) || (level == 3 && has("avxvnni"));
	/* Intel SDM "Invariant TSC" (AMD: "TscInvariant"): the counter runs
	 * at a constant rate in every power state. */
	isa.invariant_tsc = cpuid_has((struct cpuid_bit){ 0x80000007u, EDX, 8 });
	read_brand();
}

const struct kiln_host_isa *kiln_host_isa(void)
{
	pthread_once(&isa_once, read_isa);
	return &isa;
}

static unsigned sysfs_max_mhz(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "re");
	if (!f)
		return 0;
	unsigned long khz = 0;
	if (fscanf(f, "%lu", &khz) != 1)
		khz = 0;
	fclose(f);
	return (unsigned)((khz + 500) / 1000);
}

static unsigned cpuinfo_max_mhz(void)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	if (!f)
		return 0;
	char line[512];
	double best = 0;
	while (fgets(line, sizeof(line), f)) {
		double mhz;
		if (strncmp(line, "cpu MHz", 7) != 0)
			continue;
		const char *colon = strchr(line, ':');
		if (colon && sscanf(colon + 1, "%lf", &mhz) == 1 && mhz > best)
			best = mhz;
	}
	fclose(f);
	return (unsigned)(best + 0.5);
}

unsigned kiln_host_clock_mhz(void)
{
	unsigned mhz = sysfs_max_mhz();
	return mhz ? mhz : cpuinfo_max_mhz();
}
