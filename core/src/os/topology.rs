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
        let base = format!("/sys/devices/system/cpu/cpu{cpu}/topology");
        let read = |f: &str| -> Option<u64> {
            std::fs::read_to_string(format!("{base}/{f}"))
                .ok()?
                .trim()
                .parse()
                .ok()
        };
        cores.push((read("physical_package_id")?, read("core_id")?));
    }
    cores.sort_unstable();
    cores.dedup();
    (!cores.is_empty()).then(|| cores.len().min(cpus))
}

/// Parses a kernel CPU list such as `0-3,8,10-11`.
fn parse_cpu_list(s: &str) -> Option<Vec<usize>> {
    let mut cpus = Vec::new();
    for part in s.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => cpus.extend(a.parse::<usize>().ok()?..=b.parse::<usize>().ok()?),
            None => cpus.push(part.parse().ok()?),
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
