//! The one table of languages: this crate's one job is to say what language a program is in,
//! from the problem package format's table ([`format`](mod@format): codes, names, default entry
//! points, extensions), for the package reader and `kata` alike. It must not know packages,
//! katas, learners' projects or grading, and it starts no process.

pub mod format;
pub mod language;

pub use format::{FormatLanguage, by_code, by_extension};
pub use language::Language;
