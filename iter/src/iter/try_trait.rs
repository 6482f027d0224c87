//! A stable stand-in for `std::ops::Try`: what the `try_*` methods accept (`Option`, `Result`
//! and `ControlFlow`). Sealed: its path is private, so it can grow without breaking anyone.

use std::ops::ControlFlow;

/// A type whose values either go on (`Output`) or stop early (`Residual`).
pub trait Try {
    /// The value that goes on.
    type Output;
    /// What a value that stops carries.
    type Residual;

    /// Wraps a value that goes on.
    fn from_output(output: Self::Output) -> Self;

    /// Rebuilds a value that stops.
    fn from_residual(residual: Self::Residual) -> Self;

    /// Splits into going on or stopping.
    fn branch(self) -> ControlFlow<Self::Residual, Self::Output>;
}

impl<B, C> Try for ControlFlow<B, C> {
    type Output = C;
    type Residual = ControlFlow<B, std::convert::Infallible>;

    fn from_output(output: C) -> Self {
        ControlFlow::Continue(output)
    }

    fn from_residual(residual: Self::Residual) -> Self {
        match residual {
            ControlFlow::Break(b) => ControlFlow::Break(b),
            ControlFlow::Continue(never) => match never {},
        }
    }

    fn branch(self) -> ControlFlow<Self::Residual, C> {
        match self {
            ControlFlow::Continue(c) => ControlFlow::Continue(c),
            ControlFlow::Break(b) => ControlFlow::Break(ControlFlow::Break(b)),
        }
    }
}

impl<T> Try for Option<T> {
    type Output = T;
    type Residual = Option<std::convert::Infallible>;

    fn from_output(output: T) -> Self {
        Some(output)
    }

    fn from_residual(_residual: Self::Residual) -> Self {
        None
    }

    fn branch(self) -> ControlFlow<Self::Residual, T> {
        match self {
            Some(c) => ControlFlow::Continue(c),
            None => ControlFlow::Break(None),
        }
    }
}

impl<T, E> Try for Result<T, E> {
    type Output = T;
    type Residual = Result<std::convert::Infallible, E>;

    fn from_output(output: T) -> Self {
        Ok(output)
    }

    fn from_residual(residual: Self::Residual) -> Self {
        match residual {
            Err(e) => Err(e),
            Ok(never) => match never {},
        }
    }

    fn branch(self) -> ControlFlow<Self::Residual, T> {
        match self {
            Ok(c) => ControlFlow::Continue(c),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }
}
