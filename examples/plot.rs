//! Draws BENCHMARKS.md's plots as SVG from the CPU harness's results: speed-up against threads, and CPU used per workload.
//!
//! `cargo bench --bench cpu` writes `target/weft-bench/{cpu,scaling}.csv`; then
//! `cargo run --release --example plot` writes `docs/scaling.svg` and `docs/cpu.svg`.
//! `-- --scaling NAME --machine TEXT` draws only the speed-up plot, from
//! `target/weft-bench/NAME.csv` (a sweep run elsewhere, such as
//! `cpu --bench --scaling-only --threads 1,2,4,8,16` on a many-core machine), into
//! `docs/NAME.svg`, titled with TEXT.
//! Plain SVG written by hand: no plotting dependency.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use weft_bench::report::{read_csv, results_dir, workspace_root, Record};

/// The records of `target/weft-bench/{name}.csv`.
fn read(name: &str) -> Vec<Record> {
    let path = results_dir().join(format!("{name}.csv"));
    read_csv(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run `cargo bench --bench cpu` first)",
            path.display()
        )
    })
}

/// Wall-clock seconds of a record.
fn wall(r: &Record) -> f64 {
    r.sample.wall.as_secs_f64()
}

const WEFT: &str = "#d95f02";
const RAYON: &str = "#1b9e77";
const CHILI: &str = "#7570b3";
/// The lines of the speed-up plot: variant, colour, dash pattern (chili forking at every join
/// dashed beside chili's own join). Variants a workload lacks draw nothing.
const LINES: [(&str, &str, &str); 4] = [
    ("rayon", RAYON, ""),
    ("weft", WEFT, ""),
    ("chili", CHILI, ""),
    ("chili-every-join", CHILI, "5 3"),
];
const FONT: &str = "font-family=\"sans-serif\"";

fn svg_open(w: f64, h: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-size=\"12\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"22\" text-anchor=\"middle\" {FONT} font-size=\"15\">{}</text>\n",
        w / 2.0,
        esc(title)
    )
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn legend(out: &mut String, x: f64, y: f64, entries: &[(&str, &str)]) {
    for (i, (name, color)) in entries.iter().enumerate() {
        let x = x + i as f64 * 80.0;
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"10\" fill=\"{color}\"/>\
             <text x=\"{}\" y=\"{y}\" {FONT}>{name}</text>",
            y - 9.0,
            x + 18.0
        );
    }
}

/// Speed-up over sequential code against pool size, one panel per workload.
fn scaling(rows: &[Record], machine: &str) -> String {
    let mut by: BTreeMap<&str, Vec<&Record>> = BTreeMap::new();
    for r in rows {
        by.entry(&r.experiment).or_default().push(r);
    }
    let (pw, ph, cols) = (300.0, 220.0, 3usize);
    let panels = by.len().max(1);
    let nrows = panels.div_ceil(cols);
    let (w, h) = (pw * cols as f64 + 20.0, ph * nrows as f64 + 80.0);
    let mut out = svg_open(w, h, &format!("Speed-up over sequential code ({machine})"));
    legend(
        &mut out,
        w / 2.0 - 150.0,
        42.0,
        &[
            ("weft", WEFT),
            ("rayon", RAYON),
            ("chili", CHILI),
            ("chili, every join (dashed)", CHILI),
        ],
    );
    let mut xs: Vec<usize> = rows.iter().map(|r| r.threads).collect();
    xs.sort_unstable();
    xs.dedup();
    for (i, (name, rs)) in by.iter().enumerate() {
        let (ox, oy) = (10.0 + (i % cols) as f64 * pw, 55.0 + (i / cols) as f64 * ph);
        let (l, t, pr, pb) = (ox + 45.0, oy + 25.0, ox + pw - 15.0, oy + ph - 35.0);
        let seq: Vec<f64> = rs
            .iter()
            .filter(|r| r.variant == "seq")
            .map(|r| wall(r))
            .collect();
        let seq = seq.iter().cloned().fold(f64::INFINITY, f64::min);
        let speedup = |v: &str, t: usize| {
            rs.iter()
                .find(|r| r.variant == v && r.threads == t)
                .map(|r| seq / wall(r))
        };
        let ymax = xs
            .iter()
            .flat_map(|&t| LINES.iter().map(move |l| (l.0, t)))
            .filter_map(|(v, t)| speedup(v, t))
            .fold(2.0f64, f64::max)
            * 1.1;
        let px = |k: usize| l + (pr - l) * k as f64 / (xs.len().max(2) - 1) as f64;
        let py = |s: f64| pb - (pb - t) * s / ymax;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" {FONT} font-weight=\"bold\">{}</text>\n\
             <rect x=\"{l}\" y=\"{t}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>\n\
             <line x1=\"{l}\" y1=\"{y1}\" x2=\"{pr}\" y2=\"{y1}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>",
            (l + pr) / 2.0,
            oy + 15.0,
            esc(name),
            pr - l,
            pb - t,
            y1 = py(1.0)
        );
        for k in 0..=4 {
            let s = ymax * k as f64 / 4.0;
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" {FONT} font-size=\"10\">{s:.1}x</text>",
                l - 4.0,
                py(s) + 3.0
            );
        }
        for (k, t) in xs.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" {FONT} font-size=\"10\">{t}</text>",
                px(k),
                pb + 14.0
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" {FONT} font-size=\"10\">threads</text>",
            (l + pr) / 2.0,
            pb + 27.0
        );
        for (variant, color, dash) in LINES {
            let pts: Vec<String> = xs
                .iter()
                .enumerate()
                .filter_map(|(k, &t)| {
                    speedup(variant, t).map(|s| format!("{:.1},{:.1}", px(k), py(s)))
                })
                .collect();
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" stroke-dasharray=\"{dash}\"/>",
                pts.join(" ")
            );
            for p in &pts {
                let (x, y) = p.split_once(',').unwrap();
                let _ = writeln!(
                    out,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"{color}\"/>"
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// CPU seconds per workload, weft beside rayon, bars scaled to the larger of the two.
fn cpu(bars: &[(String, f64, f64)], machine: &str) -> String {
    let (w, row_h) = (820.0, 34.0);
    let h = 80.0 + row_h * bars.len() as f64;
    let mut out = svg_open(w, h, &format!("CPU time used, user+sys ({machine})"));
    legend(
        &mut out,
        w / 2.0 - 70.0,
        42.0,
        &[("weft", WEFT), ("rayon", RAYON)],
    );
    let (l, r) = (230.0, w - 200.0);
    for (i, (name, weft, rayon)) in bars.iter().enumerate() {
        let y = 60.0 + i as f64 * row_h;
        let max = weft.max(*rayon).max(1e-12);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" {FONT}>{}</text>",
            l - 6.0,
            y + 17.0,
            esc(name)
        );
        for (k, (v, color)) in [(*weft, WEFT), (*rayon, RAYON)].iter().enumerate() {
            let bw = (r - l) * v / max;
            let by = y + 3.0 + k as f64 * 13.0;
            let _ = writeln!(
                out,
                "<rect x=\"{l}\" y=\"{by}\" width=\"{bw:.1}\" height=\"12\" fill=\"{color}\"/>\
                 <text x=\"{}\" y=\"{}\" {FONT} font-size=\"10\">{}</text>",
                l + bw + 4.0,
                by + 10.0,
                human(*v)
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"10\" fill=\"#555\">weft/rayon {:.2}x</text>",
            w - 110.0,
            y + 17.0,
            weft / rayon.max(1e-12)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn human(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.0} us", s * 1e6)
    }
}

fn main() {
    let root = workspace_root();
    let machine = weft_bench::opt::<String>("--machine").unwrap_or_else(|| {
        format!(
            "{} vCPUs, shared",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        )
    });
    std::fs::create_dir_all(root.join("docs")).expect("docs/");
    if let Some(name) = weft_bench::opt::<String>("--scaling") {
        let svg = scaling(&read(&name), &machine);
        let out = root.join(format!("docs/{name}.svg"));
        std::fs::write(&out, svg).expect("write the scaling plot");
        println!("wrote {}", out.display());
        return;
    }
    let scaling_rows = read("scaling");
    let cpu_rows = read("cpu");

    let svg = scaling(&scaling_rows, &machine);
    std::fs::write(root.join("docs/scaling.svg"), svg).expect("write scaling.svg");

    // CPU bars: the CPU-harness experiments, then the scaling workloads at 2 threads.
    let mut bars = Vec::new();
    let find = |rows: &[Record], e: &str, v: &str, t: usize| {
        rows.iter()
            .find(|r| r.experiment == e && r.variant == v && r.threads == t)
            .map(|r| r.sample.cpu.as_secs_f64())
    };
    let mut seen = Vec::new();
    for r in cpu_rows.iter().chain(scaling_rows.iter()) {
        let key = (r.experiment.clone(), r.threads);
        let in_scaling = scaling_rows.iter().any(|s| s.experiment == r.experiment);
        if r.variant != "weft" || seen.contains(&key) || (in_scaling && r.threads != 2) {
            continue;
        }
        let rows = if in_scaling { &scaling_rows } else { &cpu_rows };
        if let (Some(w), Some(ry)) = (
            find(rows, &r.experiment, "weft", r.threads),
            find(rows, &r.experiment, "rayon", r.threads),
        ) {
            bars.push((format!("{}, {} thr", r.experiment, r.threads), w, ry));
            seen.push(key);
        }
    }
    let svg = cpu(&bars, &machine);
    std::fs::write(root.join("docs/cpu.svg"), svg).expect("write cpu.svg");
    println!(
        "wrote docs/scaling.svg and docs/cpu.svg from {}",
        results_dir().display()
    );
}
