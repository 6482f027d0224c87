//! A recorded call as tracks of nested slices and moments: its figures, summary and JSON.

use super::log::{Event, Mark, Session, Span, ThreadLog, What};
use std::fmt::{self, Write as _};
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
    /// Its moments (`What::Mark` events only), timed since the call's start.
    marks: Vec<Event>,
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
    /// The trace of the call from `start` to `end` (log timestamps) out of `session`'s logs.
    pub(super) fn build(
        session: &Session,
        start: u64,
        end: u64,
        cpu: Option<Duration>,
        pool_threads: usize,
    ) -> Trace {
        let mut pools: Vec<usize> = Vec::new();
        let mut dropped = 0;
        let mut tracks = Vec::new();
        session.collect(&mut |log: &ThreadLog, events: &[Event], lost: u64| {
            dropped += lost;
            let name = match (log.thread.name(), log.seat) {
                (Some(name), _) => name.to_owned(),
                (None, Some((pool, seat))) => {
                    // Pools are numbered in the order their first worker appears.
                    let p = pools.iter().position(|&p| p == pool).unwrap_or_else(|| {
                        pools.push(pool);
                        pools.len() - 1
                    });
                    format!("pool {p} worker {seat}")
                }
                (None, None) => format!("thread {}", log.serial),
            };
            let track = Track::build(log.serial, name, events, start, end);
            if !track.slices.is_empty() || !track.marks.is_empty() {
                tracks.push(track);
            }
        });
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
        Duration::from_nanos(self.tally().0)
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

    /// The time spent running work (nanoseconds), the number of jobs run, and of each mark
    /// (indexed by its discriminant).
    fn tally(&self) -> (u64, usize, [usize; Mark::ALL.len()]) {
        let mut busy = 0;
        let mut jobs = 0;
        let mut counts = [0; Mark::ALL.len()];
        for track in &self.tracks {
            for s in &track.slices {
                if s.span.busy() {
                    busy += s.own;
                }
                jobs += usize::from(s.span == Span::Job);
            }
            for e in &track.marks {
                if let What::Mark(m) = e.what {
                    counts[m as usize] += 1;
                }
            }
        }
        (busy, jobs, counts)
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
            for e in &t.marks {
                if let What::Mark(m) = e.what {
                    sep(&mut w)?;
                    write!(
                        w,
                        "{{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"weft\",\"name\":{},\"pid\":1,\"tid\":{},\"ts\":{}}}",
                        Json(m.name()),
                        t.id,
                        Micros(e.at)
                    )?;
                }
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
            began: Vec::new(),
            orphans: Vec::new(),
            open: Vec::new(),
            top: 0,
        };
        let mut marks = Vec::new();
        for e in events {
            match e.what {
                What::Begin(span) => {
                    b.open.push(b.began.len());
                    b.began.push(Slice {
                        start: e.at,
                        end: e.at,
                        span,
                        own: 0,
                    });
                }
                What::End(span) => match b.open.pop() {
                    Some(i) => b.end(i, e.at),
                    // Began before the thread's log was started: it encloses everything
                    // closed so far, so it goes before them, and before the orphans closed
                    // earlier (which it encloses too).
                    None => {
                        let orphan = Slice {
                            start: 0,
                            end: e.at,
                            span,
                            own: std::mem::take(&mut b.top),
                        };
                        b.orphans.push(orphan);
                        b.closed(orphan);
                    }
                },
                What::Mark(_) => {
                    if start <= e.at && e.at <= end {
                        marks.push(Event {
                            at: e.at - start,
                            what: e.what,
                        });
                    }
                }
            }
        }
        while let Some(i) = b.open.pop() {
            b.end(i, end);
        }
        // Parents first, in the order the slices began: the orphans, outermost (the last
        // closed) first, then the rest.
        let mut slices = Vec::with_capacity(b.orphans.len() + b.began.len());
        for &s in b.orphans.iter().rev() {
            b.cut(s, &mut slices);
        }
        for &s in &b.began {
            b.cut(s, &mut slices);
        }
        Track {
            id,
            name,
            slices,
            marks,
        }
    }
}

/// One track's slices as its events close them, in log time, each slice's `own` holding
/// the time its closed children cover until it is cut to the call.
struct Builder {
    /// The call's span, in log time.
    start: u64,
    end: u64,
    /// Slices in the order they began (an open one ends where it began).
    began: Vec<Slice>,
    /// Closed slices whose beginning the log missed, in the order they closed.
    orphans: Vec<Slice>,
    /// The open slices, innermost last: their places in `began`.
    open: Vec<usize>,
    /// Time covered by closed slices with no open parent.
    top: u64,
}

impl Builder {
    /// Adds `slice` to `slices` cut to the call, if it overlaps it.
    fn cut(&self, slice: Slice, slices: &mut Vec<Slice>) {
        if slice.end >= self.start && slice.start <= self.end {
            let (from, to) = (slice.start.max(self.start), slice.end.min(self.end));
            slices.push(Slice {
                start: from - self.start,
                end: to.max(from) - self.start,
                span: slice.span,
                own: to.saturating_sub(from).saturating_sub(slice.own),
            });
        }
    }

    /// Ends the slice `i` of `began`, just taken off `open`, at `at`.
    fn end(&mut self, i: usize, at: u64) {
        self.began[i].end = at;
        self.closed(self.began[i]);
    }

    /// Counts the time `slice`, just closed, covers of the call in its parent's children.
    fn closed(&mut self, slice: Slice) {
        let dur = slice
            .end
            .min(self.end)
            .saturating_sub(slice.start.max(self.start));
        match self.open.last() {
            Some(&parent) => self.began[parent].own += dur,
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
        let (busy, jobs, counts) = t.tally();
        write!(f, "wall {:.3} ms", ms(t.wall_time()))?;
        match t.cpu {
            Some(cpu) => write!(f, ", CPU {:.3} ms (the whole process)", ms(cpu))?,
            None => write!(f, ", CPU time not known here")?,
        }
        writeln!(f, ", running work {:.3} ms", ms(Duration::from_nanos(busy)))?;
        let p = t.average_parallelism();
        let n = t.pool_threads.max(1);
        writeln!(
            f,
            "average parallelism {p:.2} of {n} pool threads (idle {:.0}%)",
            100.0 * (1.0 - p / n as f64).max(0.0)
        )?;
        write!(f, "{} threads, jobs {jobs}", t.tracks.len())?;
        for m in Mark::ALL {
            write!(f, ", {}s {}", m.name(), counts[m as usize])?;
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

/// `d` in milliseconds.
fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
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
                '"' | '\\' => {
                    f.write_char('\\')?;
                    f.write_char(c)?;
                }
                c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
                c => f.write_char(c)?,
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
