//! A recorded call as tracks of nested slices and moments: its figures, summary and JSON.

use super::log::{Collected, Event, Mark, Span, What};
use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

/// What one thread did during a [`record`](super::record)ed call.
#[derive(Clone, Debug)]
struct Track {
    /// The track's number (registration order of the thread's log).
    id: usize,
    name: String,
    /// Slices, parents before their children, in the order they began.
    slices: Vec<Slice>,
    marks: Vec<(u64, Mark)>,
}

/// A slice, in nanoseconds since the call's start.
#[derive(Clone, Copy, Debug)]
struct Slice {
    start: u64,
    end: u64,
    span: Span,
    /// Its time not covered by its children.
    own: u64,
}

/// What every thread did while a closure ran, from [`record`](super::record).
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let ((), trace) = weft_core::trace::record(|| {
///     pool.install(|| weft_core::join(|| (), || ()));
/// });
/// let mut json = Vec::new();
/// trace.write_chrome_json(&mut json).unwrap();
/// assert!(json.starts_with(b"{\"traceEvents\":["));
/// ```
#[derive(Clone, Debug)]
pub struct Trace {
    wall: u64,
    cpu: Option<Duration>,
    pool_threads: usize,
    tracks: Vec<Track>,
    dropped: u64,
}

impl Trace {
    /// The trace of the call from `start` to `end` (log timestamps) out of the logs copied.
    pub(super) fn build(
        logs: Vec<Collected>,
        start: u64,
        end: u64,
        cpu: Option<Duration>,
        pool_threads: usize,
    ) -> Trace {
        let mut pools: Vec<usize> = Vec::new();
        let mut dropped = 0;
        let mut tracks = Vec::new();
        for c in logs {
            dropped += c.dropped;
            let name = match (&c.log.name, c.log.seat) {
                (Some(name), _) => name.clone(),
                (None, Some((pool, seat))) => {
                    let p = pools.iter().position(|&p| p == pool).unwrap_or_else(|| {
                        pools.push(pool);
                        pools.len() - 1
                    });
                    format!("pool {p} worker {seat}")
                }
                (None, None) => format!("thread {}", c.log.serial),
            };
            let track = Track::build(c.log.serial, name, &c.events, start, end);
            if !track.slices.is_empty() || !track.marks.is_empty() {
                tracks.push(track);
            }
        }
        Trace {
            wall: end - start,
            cpu,
            pool_threads,
            tracks,
            dropped,
        }
    }

    /// The call's wall time.
    ///
    /// # Examples
    ///
    /// ```
    /// let ((), trace) = weft_core::trace::record(|| {
    ///     std::thread::sleep(std::time::Duration::from_millis(2))
    /// });
    /// assert!(trace.wall_time() >= std::time::Duration::from_millis(2));
    /// ```
    pub fn wall_time(&self) -> Duration {
        Duration::from_nanos(self.wall)
    }

    /// Time spent running work, summed over threads: in jobs, in the recorded closure on the
    /// calling thread and in labelled slices, but not in their waits (a wait's own time, when
    /// it runs no other job, is idle).
    ///
    /// # Examples
    ///
    /// ```
    /// let ((), trace) = weft_core::trace::record(|| ());
    /// assert!(trace.busy_time() <= trace.wall_time());
    /// ```
    pub fn busy_time(&self) -> Duration {
        let mut busy = 0;
        for t in &self.tracks {
            for s in &t.slices {
                if s.span.busy() {
                    busy += s.own;
                }
            }
        }
        Duration::from_nanos(busy)
    }

    /// How many threads ran work at once, on average: [`busy_time`](Self::busy_time) over
    /// [`wall_time`](Self::wall_time). A `join` of two 40 ms computations on a 2-thread pool
    /// reads about 2.0; one computation about 1.0.
    ///
    /// # Examples
    ///
    /// ```
    /// let ((), trace) = weft_core::trace::record(|| {
    ///     let start = std::time::Instant::now();
    ///     while start.elapsed() < std::time::Duration::from_millis(5) {}
    /// });
    /// assert!(trace.average_parallelism() > 0.5);
    /// ```
    pub fn average_parallelism(&self) -> f64 {
        if self.wall == 0 {
            return 0.0;
        }
        self.busy_time().as_nanos() as f64 / self.wall as f64
    }

    /// Events past the per-thread cap ([`CAP`](super::CAP)) that were counted, not kept.
    ///
    /// # Examples
    ///
    /// ```
    /// let ((), trace) = weft_core::trace::record(|| ());
    /// assert_eq!(trace.dropped_events(), 0);
    /// ```
    pub fn dropped_events(&self) -> u64 {
        self.dropped
    }

    /// Wall and CPU time, average parallelism against the pool's size, idle share, and the
    /// counts of jobs, steals, wake-ups, parks, promotions, hand-offs and spare threads, as a
    /// [`Display`](fmt::Display).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let ((), trace) = weft_core::trace::record(|| pool.install(|| ()));
    /// let text = trace.summary().to_string();
    /// assert!(text.contains("average parallelism"));
    /// ```
    pub fn summary(&self) -> Summary<'_> {
        Summary(self)
    }

    /// Writes the timeline in the Chrome Trace Event format (JSON with `traceEvents`), which
    /// Perfetto's UI (<https://ui.perfetto.dev>) and `chrome://tracing` open: a named track
    /// per thread, a complete slice (`"ph":"X"`) per job run, wait, label and the recorded
    /// closure, nested on each thread, and instant events for steals, wake-ups, parks,
    /// promotions, hand-offs and spare threads. Times are microseconds since the call began.
    ///
    /// # Examples
    ///
    /// ```
    /// let (_, trace) = weft_core::trace::record(|| weft_core::join(|| (), || ()));
    /// let path = std::env::temp_dir().join("weft-trace-doc.json");
    /// trace.write_chrome_json(std::fs::File::create(&path).unwrap()).unwrap();
    /// # std::fs::remove_file(path).unwrap();
    /// ```
    pub fn write_chrome_json(&self, w: impl Write) -> io::Result<()> {
        let mut w = io::BufWriter::new(w);
        write!(w, "{{\"traceEvents\":[")?;
        let mut first = true;
        let mut sep = |w: &mut io::BufWriter<_>| -> io::Result<()> {
            if !std::mem::take(&mut first) {
                w.write_all(b",\n")?;
            }
            Ok(())
        };
        for t in &self.tracks {
            sep(&mut w)?;
            write!(
                w,
                "{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":{},\"args\":{{\"name\":{}}}}}",
                t.id,
                Json(&t.name)
            )?;
            sep(&mut w)?;
            write!(
                w,
                "{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":{},\"args\":{{\"sort_index\":{}}}}}",
                t.id, t.id
            )?;
            for s in &t.slices {
                sep(&mut w)?;
                write!(
                    w,
                    "{{\"ph\":\"X\",\"cat\":\"weft\",\"name\":{},\"pid\":1,\"tid\":{},\"ts\":{},\"dur\":{}}}",
                    Json(s.span.name()),
                    t.id,
                    Micros(s.start),
                    Micros(s.end - s.start)
                )?;
            }
            for &(at, m) in &t.marks {
                sep(&mut w)?;
                write!(
                    w,
                    "{{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"weft\",\"name\":{},\"pid\":1,\"tid\":{},\"ts\":{}}}",
                    Json(m.name()),
                    t.id,
                    Micros(at)
                )?;
            }
        }
        write!(
            w,
            "],\"displayTimeUnit\":\"ms\",\"otherData\":{{\"wall_us\":{},\"average_parallelism\":{:.3},\"dropped_events\":{}}}}}",
            Micros(self.wall),
            self.average_parallelism(),
            self.dropped
        )?;
        w.flush()
    }
}

impl Track {
    /// One thread's track from its events, cut to the call's span `start..end`.
    fn build(id: usize, name: String, events: &[Event], start: u64, end: u64) -> Track {
        let mut b = Builder {
            start,
            end,
            open: Vec::new(),
            closed: Vec::new(),
            top: 0,
            began: 0,
            orphans: 0,
        };
        let mut marks = Vec::new();
        for e in events {
            match e.what {
                What::Begin(span) => {
                    b.open.push((span, e.at, 0, b.began as isize));
                    b.began += 1;
                }
                What::End(span) => match b.open.pop() {
                    Some((span, begin, children, order)) => {
                        b.close(span, begin, e.at, children, order)
                    }
                    // Began before the thread's log was started: it encloses everything
                    // closed so far, so it goes before them, and before the orphans closed
                    // earlier (which it encloses too).
                    None => {
                        let children = std::mem::take(&mut b.top);
                        b.orphans += 1;
                        b.close(span, 0, e.at, children, -(b.orphans as isize));
                    }
                },
                What::Mark(m) => {
                    if start <= e.at && e.at <= end {
                        marks.push((e.at - start, m));
                    }
                }
            }
        }
        while let Some((span, begin, children, order)) = b.open.pop() {
            b.close(span, begin, end, children, order);
        }
        // Parents first, in the order the slices began: each slice's place is its order, the
        // orphans (outermost last) before the rest; no sort needed.
        let mut placed = Vec::with_capacity(b.orphans + b.began);
        for _ in 0..b.orphans + b.began {
            placed.push(None);
        }
        for &(s, order) in &b.closed {
            placed[(order + b.orphans as isize) as usize] = Some(s);
        }
        let mut slices = Vec::with_capacity(b.closed.len());
        for s in placed.into_iter().flatten() {
            slices.push(s);
        }
        Track {
            id,
            name,
            slices,
            marks,
        }
    }
}

/// One track's slices as its events close them.
struct Builder {
    /// The call's span, in log time.
    start: u64,
    end: u64,
    /// Open slices: what began, when, the time its closed children cover, and its order.
    open: Vec<(Span, u64, u64, isize)>,
    /// Closed slices (children before parents), each with its order: the number of slices
    /// that began before it, or, for the `n`th orphan (an end whose beginning the log
    /// missed), `-n`.
    closed: Vec<(Slice, isize)>,
    /// Time covered by closed slices with no open parent.
    top: u64,
    /// Slices begun, and orphans, so far.
    began: usize,
    orphans: usize,
}

impl Builder {
    /// Closes `span`, open from `begin` to `at` with `children` of its time covered by its
    /// children; kept if it overlaps the call, cut to it.
    fn close(&mut self, span: Span, begin: u64, at: u64, children: u64, order: isize) {
        let (b, e) = (begin.max(self.start), at.min(self.end));
        let dur = e.saturating_sub(b);
        if at >= self.start && begin <= self.end {
            let slice = Slice {
                start: b - self.start,
                end: e.max(b) - self.start,
                span,
                own: dur.saturating_sub(children),
            };
            self.closed.push((slice, order));
        }
        match self.open.last_mut() {
            Some(parent) => parent.2 += dur,
            None => self.top += dur,
        }
    }
}

/// A trace's figures in a few lines, from [`Trace::summary`].
///
/// # Examples
///
/// ```
/// let ((), trace) = weft_core::trace::record(|| ());
/// println!("{}", trace.summary());
/// ```
#[derive(Debug)]
pub struct Summary<'a>(&'a Trace);

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0;
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        write!(f, "wall {:.3} ms", ms(t.wall_time()))?;
        match t.cpu {
            Some(cpu) => write!(f, ", CPU {:.3} ms (the whole process)", ms(cpu))?,
            None => write!(f, ", CPU time not known here")?,
        }
        writeln!(f, ", running work {:.3} ms", ms(t.busy_time()))?;
        let p = t.average_parallelism();
        let n = t.pool_threads.max(1);
        writeln!(
            f,
            "average parallelism {p:.2} of {n} pool threads (idle {:.0}%)",
            100.0 * (1.0 - p / n as f64).max(0.0)
        )?;
        let mut jobs = 0;
        let mut counts = [0usize; Mark::ALL.len()];
        for track in &t.tracks {
            for s in &track.slices {
                jobs += usize::from(s.span == Span::Job);
            }
            for &(_, m) in &track.marks {
                counts[m as usize] += 1;
            }
        }
        write!(f, "{} threads, jobs {jobs}", t.tracks.len())?;
        for m in &Mark::ALL {
            write!(f, ", {}s {}", m.name(), counts[*m as usize])?;
        }
        if t.dropped > 0 {
            write!(
                f,
                "\n{} events dropped (over the per-thread cap)",
                t.dropped
            )?;
        }
        Ok(())
    }
}

/// Nanoseconds written as microseconds with three decimals (exact, so nesting survives).
struct Micros(u64);

impl fmt::Display for Micros {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1000, self.0 % 1000)
    }
}

/// A string as a JSON string literal.
struct Json<'a>(&'a str);

impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for c in self.0.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
                c => write!(f, "{c}")?,
            }
        }
        f.write_str("\"")
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::{Event, Track};

    /// A track's slices as (start, end, own time, name).
    pub(in crate::trace) fn track(
        events: &[Event],
        start: u64,
        end: u64,
    ) -> Vec<(u64, u64, u64, &'static str)> {
        let t = Track::build(0, String::new(), events, start, end);
        t.slices
            .iter()
            .map(|s| (s.start, s.end, s.own, s.span.name()))
            .collect()
    }
}
