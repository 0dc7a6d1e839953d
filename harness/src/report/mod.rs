//! The reports of a grading run: for people ([`text`], a line a case and the feedback of each
//! failure; the table of a class), for machines ([`json`]), both under one [`Heading`]; and the
//! [`Report`] writer that keeps going when nobody reads any more.

pub mod heading;
pub mod json;
pub mod text;
pub mod writer;

pub use heading::{Delivery, Heading};
pub use writer::Report;
