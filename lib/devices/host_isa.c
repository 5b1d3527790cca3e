/* The host's instruction set, from CPUID: the features the code generator and
 * the built-in library may use, the x86-64 ISA level (psABI "micro-
 * architecture levels" v2/v3/v4), the widest vector, the brand string for the
 * device name, and the clock.
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

static void read_isa(void)
{
	unsigned a, b, c, d;
	unsigned max_leaf = __get_cpuid_max(0, NULL);
	bool sse3 = false, ssse3 = false, sse41 = false, cx16 = false,
	     movbe = false, osxsave = false, bmi1 = false, lahf = false,
	     lzcnt = false;

	if (max_leaf >= 1 && __get_cpuid(1, &a, &b, &c, &d)) {
		sse3 = c & (1u << 0);
		ssse3 = c & (1u << 9);
		isa.fma = c & (1u << 12);
		cx16 = c & (1u << 13);
		sse41 = c & (1u << 19);
		isa.sse42 = c & (1u << 20);
		movbe = c & (1u << 22);
		isa.popcnt = c & (1u << 23);
		osxsave = c & (1u << 27);
		isa.avx = c & (1u << 28);
		isa.f16c = c & (1u << 29);
	}
	unsigned long long xcr0 = osxsave ? read_xcr0() : 0;
	bool os_avx = (xcr0 & 0x6) == 0x6;        /* XMM and YMM state */
	bool os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM */
	if (!os_avx)
		isa.avx = isa.fma = isa.f16c = false;

	if (max_leaf >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		bmi1 = b & (1u << 3);
		isa.avx2 = os_avx && (b & (1u << 5));
		isa.bmi2 = b & (1u << 8);
		isa.avx512f = os_avx512 && (b & (1u << 16));
		isa.avx512dq = os_avx512 && (b & (1u << 17));
		isa.avx512cd = os_avx512 && (b & (1u << 28));
		isa.avx512bw = os_avx512 && (b & (1u << 30));
		isa.avx512vl = os_avx512 && (b & (1u << 31));
	}
	if (__get_cpuid(0x80000001u, &a, &b, &c, &d)) {
		lahf = c & (1u << 0);
		lzcnt = c & (1u << 5);
	}

	/* The levels of the x86-64 psABI. */
	int level = 1;
	if (cx16 && lahf && isa.popcnt && sse3 && sse41 && isa.sse42 && ssse3) {
		level = 2;
		if (isa.avx && isa.avx2 && bmi1 && isa.bmi2 && isa.f16c && isa.fma &&
		    lzcnt && movbe) {
			level = 3;
			if (isa.avx512f && isa.avx512bw && isa.avx512cd &&
			    isa.avx512dq && isa.avx512vl)
				level = 4;
		}
	}

	const char *want = getenv("KILN_ISA");
	if (want && *want) {
		for (int l = 1; l < level; l++)
			if (strcmp(want, level_names[l]) == 0)
				level = l;
	}
	isa.level = level;
	isa.level_name = level_names[level];
	isa.vector_bytes = level >= 4 ? 64 : level == 3 ? 32 : 16;
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
