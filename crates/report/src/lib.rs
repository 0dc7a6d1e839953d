//! The reports of a grading run: this crate's one job is to write the results of the harness's
//! engine in every format people and machines read, from one results [`model`] under one
//! [`Heading`]. It reads those results (cases, verdicts, fixtures, the stage's plan) from
//! `harness`, which knows nothing of it; it must not run, judge or plan anything, and no format
//! knows another: each is a module that reads the model and the helpers they share
//! ([`notation`], [`markup`]), and [`format`](mod@format) alone knows them all, to choose one by
//! name.

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
pub mod notation;
pub mod prairielearn;
pub mod results_file;
pub mod text;
pub mod vpl;
pub mod writer;

pub use heading::Heading;
pub use writer::Report;
