//! The command line and the machine: `--flag` and `--name VALUE` options, a one-line
//! description of the CPUs, the load average.

/// Whether `--name` is on the command line.
pub fn flag(name: &str) -> bool {
    std::env::args().any(|a| a == name)
}

/// The value after `--name` on the command line (`--name VALUE` or `--name=VALUE`). A value
/// is taken as written, or failing that without its underscores, so that numbers may be
/// written `10_000` while a text such as `--only flat_map` keeps them.
pub fn opt<T: std::str::FromStr>(name: &str) -> Option<T> {
    let args: Vec<String> = std::env::args().collect();
    let prefix = format!("{name}=");
    args.iter().enumerate().find_map(|(i, a)| {
        let v = if a == name {
            args.get(i + 1)?.as_str()
        } else {
            a.strip_prefix(&prefix)?
        };
        Some(
            v.parse()
                .or_else(|_| v.replace('_', "").parse())
                .unwrap_or_else(|_| panic!("bad value for {name}: {v}")),
        )
    })
}

/// A short description of this machine: CPUs and model.
pub fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    format!("{cpus} logical CPUs, {model}")
}

/// The 1-minute load average (Linux's `/proc/loadavg`), where the system reports one.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
