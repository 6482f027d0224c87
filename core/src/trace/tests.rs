//! The recorder's state after calls end, and how a track is built from a thread's events.

use super::log::{self, Event, Mark, Span, What};
use super::{label, record};

fn ev(at: u64, what: What) -> Event {
    Event { at, what }
}

#[test]
fn recording_is_off_after_a_call_and_after_a_panic() {
    let ((), _) = record(|| assert!(log::recording()));
    let caught = std::panic::catch_unwind(|| record(|| panic!("trace unit test on purpose")));
    assert!(caught.is_err());
    // Another test of this binary may be recording meanwhile; none of them keeps on.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while log::recording() {
        assert!(std::time::Instant::now() < deadline, "recording stayed on");
        std::thread::yield_now();
    }
    assert_eq!(label("x", || 3), 3);
}

#[test]
fn a_track_cuts_slices_to_the_call_and_counts_only_work() {
    use What::{Begin, End};
    // A job that began before the log (its end unmatched), with a wait inside it; then a job
    // whose wait runs another job; then a label still open when the call ends.
    let events = [
        ev(150, Begin(Span::Wait)),
        ev(170, End(Span::Wait)),
        ev(200, End(Span::Job)),
        ev(300, Begin(Span::Job)),
        ev(310, Begin(Span::Wait)),
        ev(320, Begin(Span::Job)),
        ev(330, What::Mark(Mark::Steal)),
        ev(340, End(Span::Job)),
        ev(350, End(Span::Wait)),
        ev(400, End(Span::Job)),
        ev(450, Begin(Span::Label("open"))),
    ];
    let track = super::timeline::tests::track(&events, 100, 500);
    // (start, end, own) relative to the call's start at 100.
    assert_eq!(
        track,
        [
            (0, 100, 80, "job"),
            (50, 70, 20, "wait"),
            (200, 300, 60, "job"),
            (210, 250, 20, "wait"),
            (220, 240, 20, "job"),
            (350, 400, 50, "open"),
        ]
    );
}

#[test]
fn a_track_keeps_slices_in_the_order_they_began() {
    use What::{Begin, End};
    // Two orphans (the outer one closes last), then siblings at one instant: an empty job
    // and a wait that begins where it ends, each before its successor.
    let events = [
        ev(110, End(Span::Wait)),
        ev(120, End(Span::Job)),
        ev(130, Begin(Span::Job)),
        ev(130, End(Span::Job)),
        ev(130, Begin(Span::Wait)),
        ev(140, End(Span::Wait)),
    ];
    let track = super::timeline::tests::track(&events, 100, 200);
    assert_eq!(
        track,
        [
            (0, 20, 10, "job"),
            (0, 10, 10, "wait"),
            (30, 30, 0, "job"),
            (30, 40, 10, "wait"),
        ]
    );
}
