/* The host's topology from hwloc: the cores this process may use, their
 * caches, NUMA nodes; and pinning worker threads to cores.
 *
 * hwloc is loaded once per process (about 40 ms) and only read afterwards,
 * which hwloc allows from any thread.  Its cache sizes come from CPUID, which
 * virtual machines fill with whatever they like (one VM reports two 508 MiB
 * L3 caches), so every size is checked against what real CPUs have and
 * replaced from sysfs or sysconf, or dropped, when it is not plausible. */
#include "host.h"

#include <hwloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static hwloc_topology_t topo;
static bool topo_loaded;
/* The usable PUs of each usable core, in topology order. */
static hwloc_bitmap_t *core_sets;
static unsigned num_cores;
static struct kiln_host_topology info;
static pthread_once_t topo_once = PTHREAD_ONCE_INIT;

/* Plausible size ranges of one cache instance (bytes).  The largest real
 * ones today: L1d 64 KiB, L2 4 MiB, L3 96 MiB per CCD (AMD 3D V-Cache);
 * the bounds leave room for growth while rejecting VM fantasies. */
static const struct {
	unsigned long long min, max;
} plausible[4] = {
	[1] = { 4ull << 10, 1ull << 20 },
	[2] = { 64ull << 10, 64ull << 20 },
	[3] = { 1ull << 20, 256ull << 20 },
};

static bool cache_ok(unsigned level, unsigned long long size)
{
	return size >= plausible[level].min && size <= plausible[level].max;
}

static bool line_ok(unsigned long long line)
{
	return line >= 16 && line <= 1024 && (line & (line - 1)) == 0;
}

/* sysfs: /sys/devices/system/cpu/cpu0/cache/indexN/{level,type,size}. */
static unsigned long long sysfs_cache(unsigned level, unsigned *line)
{
	for (unsigned idx = 0; idx < 16; idx++) {
		char path[128], buf[64];
		unsigned lvl = 0;
		unsigned long long kib = 0;
		char unit = 'K';
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%u/level", idx);
		FILE *f = fopen(path, "re");
		if (!f)
			break;
		bool ok = fscanf(f, "%u", &lvl) == 1;
		fclose(f);
		if (!ok || lvl != level)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%u/type", idx);
		f = fopen(path, "re");
		if (!f)
			continue;
		ok = fgets(buf, sizeof(buf), f) != NULL;
		fclose(f);
		if (!ok || strncmp(buf, "Instruction", 11) == 0)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%u/size", idx);
		f = fopen(path, "re");
		if (!f)
			continue;
		ok = fscanf(f, "%llu%c", &kib, &unit) >= 1;
		fclose(f);
		if (!ok)
			continue;
		if (line) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu0/cache/index%u/coherency_line_size",
				 idx);
			f = fopen(path, "re");
			if (f) {
				if (fscanf(f, "%u", line) != 1)
					*line = 0;
				fclose(f);
			}
		}
		return unit == 'M' ? kib << 20 : unit == 'G' ? kib << 30 : kib << 10;
	}
	return 0;
}

static long sysconf_cache(unsigned level)
{
	static const int names[4] = { 0, _SC_LEVEL1_DCACHE_SIZE,
				      _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE };
	return sysconf(names[level]);
}

/* First data (or unified) cache of `level` in the topology. */
static hwloc_obj_t hwloc_cache(unsigned level)
{
	static const hwloc_obj_type_t types[4] = { 0, HWLOC_OBJ_L1CACHE,
		HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L3CACHE };
	if (!topo_loaded)
		return NULL;
	for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, types[level], NULL);
	     o; o = hwloc_get_next_obj_by_type(topo, types[level], o))
		if (o->attr && o->attr->cache.type != HWLOC_OBJ_CACHE_INSTRUCTION)
			return o;
	return NULL;
}

static void find_caches(void)
{
	unsigned long long *sizes[4] = { NULL, &info.l1d, &info.l2, &info.l3 };
	unsigned line = 0;
	for (unsigned level = 1; level <= 3; level++) {
		unsigned long long size = 0;
		unsigned sys_line = 0;
		hwloc_obj_t o = hwloc_cache(level);
		if (o && cache_ok(level, o->attr->cache.size)) {
			size = o->attr->cache.size;
			if (!line && line_ok(o->attr->cache.linesize))
				line = o->attr->cache.linesize;
		}
		if (!size) {
			unsigned long long s = sysfs_cache(level, &sys_line);
			if (cache_ok(level, s))
				size = s;
			if (size && !line && line_ok(sys_line))
				line = sys_line;
		}
		if (!size) {
			long s = sysconf_cache(level);
			if (s > 0 && cache_ok(level, (unsigned long long)s))
				size = (unsigned long long)s;
		}
		*sizes[level] = size;
	}
	if (!line) {
		long s = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
		line = s > 0 && line_ok((unsigned long long)s) ? (unsigned)s : 64;
	}
	/* Every x86-64 CPU has an L1 data cache; 32 KiB is the common size. */
	if (!info.l1d)
		info.l1d = 32u << 10;
	info.cache_line = line;
}

static void find_cores(hwloc_const_bitmap_t usable)
{
	int n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
	hwloc_obj_type_t type = HWLOC_OBJ_CORE;
	if (n <= 0) { /* no core level known: every PU is a core */
		type = HWLOC_OBJ_PU;
		n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
	}
	if (n <= 0)
		return;
	core_sets = calloc((size_t)n, sizeof(*core_sets));
	if (!core_sets)
		return;
	for (int i = 0; i < n; i++) {
		hwloc_obj_t core = hwloc_get_obj_by_type(topo, type, (unsigned)i);
		if (!core || !core->cpuset || !hwloc_bitmap_intersects(core->cpuset, usable))
			continue;
		hwloc_bitmap_t set = hwloc_bitmap_alloc();
		if (!set)
			continue;
		hwloc_bitmap_and(set, core->cpuset, usable);
		core_sets[num_cores++] = set;
	}
}

static void load(void)
{
	info.numa_nodes = 1;
	hwloc_bitmap_t usable = NULL;
	if (hwloc_topology_init(&topo) != 0)
		goto fallback;
	if (hwloc_topology_load(topo) != 0) {
		hwloc_topology_destroy(topo);
		goto fallback;
	}
	topo_loaded = true;

	/* Usable PUs: those the OS allows (cpuset cgroup) and the thread's
	 * affinity mask, read now, before any worker is pinned. */
	usable = hwloc_bitmap_dup(hwloc_topology_get_allowed_cpuset(topo));
	hwloc_bitmap_t bound = hwloc_bitmap_alloc();
	if (usable && bound && hwloc_get_cpubind(topo, bound, HWLOC_CPUBIND_THREAD) == 0)
		hwloc_bitmap_and(usable, usable, bound);
	hwloc_bitmap_free(bound);
	if (usable && !hwloc_bitmap_iszero(usable)) {
		int w = hwloc_bitmap_weight(usable);
		info.pus = w > 0 ? (unsigned)w : 0;
		find_cores(usable);
		info.physical_cores = num_cores;
		unsigned nodes = 0;
		for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, NULL);
		     o; o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, o))
			if (o->cpuset && hwloc_bitmap_intersects(o->cpuset, usable))
				nodes++;
		if (nodes)
			info.numa_nodes = nodes;
	}
	hwloc_bitmap_free(usable);

fallback:
	if (!info.pus)
		info.pus = kiln_host_usable_cores();
	if (!info.physical_cores)
		info.physical_cores = info.pus;
	find_caches();
}

const struct kiln_host_topology *kiln_host_topology(void)
{
	pthread_once(&topo_once, load);
	return &info;
}

/* Worker w runs on core w mod N (N usable cores), so the first N workers
 * get a physical core each; later ones take the cores' next hardware
 * threads (SMT siblings), then wrap around.  Returns the OS index of that
 * PU, or -1 when the topology is unknown. */
int kiln_host_worker_cpu(unsigned worker)
{
	pthread_once(&topo_once, load);
	if (!topo_loaded || !num_cores)
		return -1;
	hwloc_const_bitmap_t core = core_sets[worker % num_cores];
	int pus = hwloc_bitmap_weight(core);
	if (pus <= 0)
		return -1;
	unsigned round = (worker / num_cores) % (unsigned)pus;
	int pu = hwloc_bitmap_first(core);
	for (unsigned r = 0; r < round; r++)
		pu = hwloc_bitmap_next(core, pu);
	return pu;
}

bool kiln_host_pin_thread(unsigned worker)
{
	int pu = kiln_host_worker_cpu(worker);
	if (pu < 0)
		return false;
	hwloc_bitmap_t set = hwloc_bitmap_alloc();
	if (!set)
		return false;
	hwloc_bitmap_only(set, (unsigned)pu);
	bool ok = hwloc_set_cpubind(topo, set, HWLOC_CPUBIND_THREAD) == 0;
	hwloc_bitmap_free(set);
	return ok;
}

/* The NUMA node holding the PU: in hwloc 2 nodes hang beside the CPU tree
 * (memory children), so look for the node whose cpuset holds it. */
static hwloc_obj_t numa_of(hwloc_obj_t pu)
{
	for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, NULL);
	     o; o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, o))
		if (o->cpuset && hwloc_bitmap_isset(o->cpuset, pu->os_index))
			return o;
	return NULL;
}

long kiln_host_worker_domain(unsigned worker, enum kiln_host_domain level)
{
	int cpu = kiln_host_worker_cpu(worker);
	if (cpu < 0)
		return -1;
	hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(topo, (unsigned)cpu);
	if (!pu)
		return -1;
	hwloc_obj_t o = NULL;
	switch (level) {
	case KILN_DOMAIN_NUMA:
		o = numa_of(pu);
		break;
	case KILN_DOMAIN_L4:
		o = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_L4CACHE, pu);
		break;
	case KILN_DOMAIN_L3:
		o = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_L3CACHE, pu);
		break;
	case KILN_DOMAIN_L2:
		o = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_L2CACHE, pu);
		break;
	case KILN_DOMAIN_L1:
		/* HWLOC_OBJ_L1CACHE is the data (or unified) cache. */
		o = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_L1CACHE, pu);
		break;
	}
	return o ? (long)o->logical_index : -1;
}
