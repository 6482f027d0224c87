//! rayon's `iter` module re-exports `either::Either` and holds `plumbing`; code written for
//! rayon names them there.

use weft_iter::prelude::*;

#[test]
fn partition_map_takes_either_from_weft_iter() {
    use weft_iter::iter::Either;
    let (even, odd): (Vec<u32>, Vec<u32>) = (0..10u32).into_par_iter().partition_map(|x| {
        if x % 2 == 0 {
            Either::Left(x)
        } else {
            Either::Right(x)
        }
    });
    assert_eq!(even, [0, 2, 4, 6, 8]);
    assert_eq!(odd, [1, 3, 5, 7, 9]);
}

#[test]
fn the_producer_protocol_is_reachable_at_rayons_path() {
    use weft_iter::iter::plumbing::{bridge, Consumer, Producer, ProducerCallback};
    struct Len;
    impl<T> ProducerCallback<T> for Len {
        type Output = usize;
        fn callback<P: Producer<Item = T>>(self, producer: P) -> usize {
            producer.into_iter().len()
        }
    }
    assert_eq!((0..10).into_par_iter().with_producer(Len), 10);
    fn drive<I: IndexedParallelIterator, C: Consumer<I::Item>>(i: I, c: C) -> C::Result {
        bridge(i, c)
    }
    drive((0..3).into_par_iter(), weft_iter::plumbing::NoopConsumer);
}
