//! The reports of a grading run: for people ([`text`], a line a case and the feedback of each
//! failure; the table of a class), for machines ([`json`]), both under one [`Heading`]; and the
//! [`Report`] writer that keeps going when nobody reads any more.
//!
//! Every other format is written from the one results [`model`], by name ([`format`](mod@format)): each
//! teaching platform's own ([`github_classroom`], [`gradescope`], [`prairielearn`], [`vpl`]),
//! the CI dashboards' ([`junit`], [`ctrf`]), a class's page ([`html`]) and its gradebook
//! ([`csv`](mod@csv)).

pub mod csv;
pub mod ctrf;
pub mod format;
pub mod github_classroom;
pub mod gradescope;
pub mod heading;
pub mod html;
pub mod json;
pub mod junit;
pub mod markup;
pub mod model;
pub mod prairielearn;
pub mod text;
pub mod vpl;
pub mod writer;

pub use heading::{Delivery, Heading};
pub use writer::Report;
