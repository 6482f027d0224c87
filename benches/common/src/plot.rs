//! The SVG plots of BENCHMARKS.md, drawn with `plotters` from result records: speed-up over
//! sequential code against pool size (one panel per workload), and CPU used, weft beside
//! rayon; and the demo's timeline of a recorded call, from its Chrome trace JSON.

use crate::results::Record;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// A plotting failure, as text (plotters' error type is generic over the backend).
pub type PlotError = String;

const WEFT: RGBColor = RGBColor(0xd9, 0x5f, 0x02);
const RAYON: RGBColor = RGBColor(0x1b, 0x9e, 0x77);
const CHILI: RGBColor = RGBColor(0x75, 0x70, 0xb3);
const CHILI_EVERY: RGBColor = RGBColor(0xb0, 0xac, 0xd8);

/// The lines of the speed-up plot: variant and colour. Variants a workload lacks draw nothing.
const LINES: [(&str, RGBColor); 4] = [
    ("rayon", RAYON),
    ("weft", WEFT),
    ("chili", CHILI),
    ("chili-every-join", CHILI_EVERY),
];

fn err(e: impl std::fmt::Display) -> PlotError {
    e.to_string()
}

/// Speed-up over sequential code (the fastest sequential round of the workload) against pool
/// size, one panel per workload, into `path`.
pub fn scaling(records: &[&Record], title: &str, path: &Path) -> Result<(), PlotError> {
    let mut by: BTreeMap<&str, Vec<&Record>> = BTreeMap::new();
    for r in records {
        by.entry(r.experiment.as_str()).or_default().push(r);
    }
    by.retain(|_, rs| rs.iter().any(|r| r.variant == "seq"));
    let mut xs: Vec<usize> = records.iter().map(|r| r.threads).collect();
    xs.sort_unstable();
    xs.dedup();
    let cols = 3usize;
    let rows = by.len().div_ceil(cols).max(1);
    let root = SVGBackend::new(path, (960, 60 + 260 * rows as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let root = root.titled(title, ("sans-serif", 18)).map_err(err)?;
    let panels = root.split_evenly((rows, cols));
    for ((name, rs), panel) in by.iter().zip(panels.iter()) {
        let seq = rs
            .iter()
            .filter(|r| r.variant == "seq")
            .map(|r| r.wall_s)
            .fold(f64::INFINITY, f64::min);
        let speedup = |v: &str, t: usize| {
            rs.iter()
                .find(|r| r.variant == v && r.threads == t)
                .map(|r| seq / r.wall_s)
        };
        let ymax = xs
            .iter()
            .flat_map(|&t| LINES.iter().filter_map(move |(v, _)| speedup(v, t)))
            .fold(2.0f64, f64::max)
            * 1.1;
        let mut chart = ChartBuilder::on(panel)
            .caption(*name, ("sans-serif", 14))
            .margin(8)
            .x_label_area_size(28)
            .y_label_area_size(40)
            .build_cartesian_2d(0..xs.len().saturating_sub(1).max(1), 0.0..ymax)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_labels(xs.len())
            .x_label_formatter(&|i| xs.get(*i).map_or(String::new(), |t| t.to_string()))
            .x_desc("threads")
            .y_label_formatter(&|s| format!("{s:.1}x"))
            .draw()
            .map_err(err)?;
        for (variant, color) in LINES {
            let pts: Vec<(usize, f64)> = xs
                .iter()
                .enumerate()
                .filter_map(|(i, &t)| Some((i, speedup(variant, t)?)))
                .collect();
            if pts.is_empty() {
                continue;
            }
            chart
                .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))
                .map_err(err)?
                .label(variant)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
                });
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.3))
            .label_font(("sans-serif", 10))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(err)
}

/// CPU seconds per row, weft beside rayon, each pair scaled to the larger of the two, into
/// `path`. `bars`: label, weft's CPU, rayon's.
pub fn cpu(bars: &[(String, f64, f64)], title: &str, path: &Path) -> Result<(), PlotError> {
    let n = bars.len().max(1);
    let root = SVGBackend::new(path, (900, 80 + 34 * n as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(260)
        .build_cartesian_2d(0.0..1.15f64, 0.0..n as f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .y_label_formatter(&|y| {
            let i = (n as f64 - y - 0.5).round() as usize;
            bars.get(i).map_or(String::new(), |b| b.0.clone())
        })
        .x_desc("CPU, as a share of the larger of the pair")
        .draw()
        .map_err(err)?;
    for (k, (name, color)) in [("weft", WEFT), ("rayon", RAYON)].into_iter().enumerate() {
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, w, r))| {
                let v = if k == 0 { *w } else { *r };
                let share = v / w.max(*r).max(1e-12);
                let top = n as f64 - i as f64 - 0.1 - 0.4 * k as f64;
                Rectangle::new([(0.0, top - 0.38), (share, top)], color.filled())
            }))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK.mix(0.3))
        .position(SeriesLabelPosition::LowerRight)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Slice colours of the timeline, by slice name (anything else is a user's label).
const SLICES: [(&str, RGBColor); 3] = [
    ("job", WEFT),
    ("wait", RGBColor(0xd0, 0xd0, 0xd0)),
    ("record", RAYON),
];

/// Moment colours of the timeline, by name (the others are not drawn).
const MARKS: [(&str, RGBColor); 2] = [("steal", BLACK), ("wake-up", RGBColor(0xc0, 0x00, 0x30))];

/// A timeline of a trace written by `weft::trace::Trace::write_chrome_json`: one row per
/// thread, its slices (nested ones drawn narrower inside their parents), steals and
/// wake-ups as ticks, into `path`.
pub fn timeline(chrome_json: &str, title: &str, path: &Path) -> Result<(), PlotError> {
    let v: serde_json::Value = serde_json::from_str(chrome_json).map_err(err)?;
    let events = v["traceEvents"].as_array().ok_or("no traceEvents")?;
    let mut rows: BTreeMap<u64, String> = BTreeMap::new();
    let mut slices: Vec<(u64, f64, f64, &str)> = Vec::new();
    let mut marks: Vec<(u64, f64, &str)> = Vec::new();
    for e in events {
        let tid = e["tid"].as_u64().unwrap_or(0);
        let ms = |key: &str| e[key].as_f64().unwrap_or(0.0) / 1e3;
        let name = e["name"].as_str().unwrap_or("");
        match e["ph"].as_str() {
            Some("M") if name == "thread_name" => {
                let thread = e["args"]["name"].as_str().unwrap_or("");
                rows.insert(tid, thread.to_owned());
            }
            Some("X") => slices.push((tid, ms("ts"), ms("ts") + ms("dur"), name)),
            Some("i") => marks.push((tid, ms("ts"), name)),
            _ => {}
        }
    }
    let wall = v["otherData"]["wall_us"].as_f64().unwrap_or(1.0) / 1e3;
    let n = rows.len().max(1);
    let row_of = |tid: u64| rows.keys().position(|&t| t == tid).unwrap_or(0);
    // Row `i` is drawn from the top, between `n - i - 1` and `n - i`.
    let root = SVGBackend::new(path, (960, 90 + 40 * n as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 16))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(150)
        .build_cartesian_2d(0.0..wall.max(1e-3), 0.0..n as f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("ms since the call began")
        .draw()
        .map_err(err)?;
    // Thread names in the label area, level with their rows.
    for (i, name) in rows.values().enumerate() {
        let (x, y) = chart.backend_coord(&(0.0, n as f64 - i as f64 - 0.5));
        root.draw(&Text::new(
            name.as_str(),
            (x - 145, y - 6),
            ("sans-serif", 12),
        ))
        .map_err(err)?;
    }
    // Parents before children on each row, each child one step narrower.
    slices.sort_by(|a, b| (a.0, a.1, b.2).partial_cmp(&(b.0, b.1, a.2)).unwrap());
    let mut open: Vec<(u64, f64)> = Vec::new();
    let mut boxes = Vec::new();
    for &(tid, start, end, name) in &slices {
        open.retain(|&(t, e)| t == tid && e > start);
        let depth = open.len().min(4) as f64;
        open.push((tid, end));
        let top = n as f64 - row_of(tid) as f64 - 0.08 - 0.1 * depth;
        let bottom = n as f64 - row_of(tid) as f64 - 0.92 + 0.1 * depth;
        let colour = SLICES
            .iter()
            .find(|(s, _)| *s == name)
            .map_or(CHILI, |&(_, c)| c);
        boxes.push(Rectangle::new(
            [(start, bottom), (end, top)],
            colour.filled(),
        ));
    }
    chart.draw_series(boxes).map_err(err)?;
    for (name, colour) in MARKS {
        chart
            .draw_series(marks.iter().filter(|m| m.2 == name).map(|&(tid, at, _)| {
                let top = n as f64 - row_of(tid) as f64 - 0.02;
                PathElement::new(vec![(at, top), (at, top - 0.25)], colour.stroke_width(2))
            }))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y - 5), (x, y + 5)], colour));
    }
    for (name, colour) in SLICES.into_iter().chain([("label", CHILI)]) {
        chart
            .draw_series(std::iter::empty::<Rectangle<(f64, f64)>>())
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 11))
        .position(SeriesLabelPosition::LowerRight)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}
