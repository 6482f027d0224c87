//! How many CPUs there are: logical CPUs, and physical cores from Linux's CPU topology.

/// Logical CPUs available to this process (at least 1).
pub(crate) fn logical_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Distinct (package, core) pairs among the online CPUs, at most `cpus` (the logical CPUs this
/// process may use: cgroups, affinity), or `None` where the topology cannot be read (not
/// Linux, a restricted sysfs).
pub(crate) fn physical_cores(cpus: usize) -> Option<usize> {
    let online = std::fs::read_to_string("/sys/devices/system/cpu/online").ok()?;
    let mut cores = Vec::new();
    for cpu in parse_cpu_list(online.trim())? {
        let core = (
            topology_number(cpu, "physical_package_id")?,
            topology_number(cpu, "core_id")?,
        );
        // A few hundred pairs at most: a linear search costs far less than reading the files.
        if !cores.contains(&core) {
            cores.push(core);
        }
    }
    (!cores.is_empty()).then(|| cores.len().min(cpus))
}

/// The number in file `file` of CPU `cpu`'s topology.
fn topology_number(cpu: usize, file: &str) -> Option<usize> {
    let path = format!("/sys/devices/system/cpu/cpu{cpu}/topology/{file}");
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// Parses a kernel CPU list such as `0-3,8,10-11`.
fn parse_cpu_list(s: &str) -> Option<Vec<usize>> {
    let mut cpus = Vec::new();
    for part in s.split(',').filter(|p| !p.is_empty()) {
        let (first, last) = part.split_once('-').unwrap_or((part, part));
        let (first, last): (usize, usize) = (first.parse().ok()?, last.parse().ok()?);
        for cpu in first..last.saturating_add(1) {
            cpus.push(cpu);
        }
    }
    Some(cpus)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cpu_lists() {
        assert_eq!(
            parse_cpu_list("0-3,8,10-11"),
            Some(vec![0, 1, 2, 3, 8, 10, 11])
        );
        assert_eq!(parse_cpu_list("0"), Some(vec![0]));
        assert_eq!(parse_cpu_list("x"), None);
    }

    #[test]
    fn physical_never_exceeds_logical() {
        if let Some(p) = physical_cores(logical_cpus()) {
            assert!(p >= 1 && p <= logical_cpus());
        }
    }
}
