/* Whether the time-stamp counter can be the clock of cl_khr_kernel_clock
 * (kernel-lib/kernel_clock.cl reads it with rdtsc in every scope).
 *
 * The extension's device scope needs one clock that all work-items of the
 * device see advancing together, and a work-group's thread may move
 * between cores, so every scope needs the counters of all cores to agree.
 * CPUID's invariant-TSC bit says the counter never changes rate; whether
 * the counters of the cores are in step is what Linux checks at boot and
 * watches afterwards: it uses "tsc" as its clock source only while they
 * are (otherwise it marks the TSC unstable and switches to hpet, acpi_pm or
 * a hypervisor clock).  Both together, or no kernel clock. */
#include "host.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static bool tsc_clock;
static pthread_once_t tsc_once = PTHREAD_ONCE_INIT;

static void decide(void)
{
	if (!kiln_host_isa()->invariant_tsc)
		return;
	FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/"
			"current_clocksource", "re");
	if (!f)
		return;
	char name[32] = "";
	if (fgets(name, sizeof(name), f))
		name[strcspn(name, "\n")] = '\0';
	fclose(f);
	tsc_clock = strcmp(name, "tsc") == 0;
}

bool kiln_host_tsc_is_clock(void)
{
	pthread_once(&tsc_once, decide);
	return tsc_clock;
}
