//! The one table of languages: this crate's one job is to say, for a program in any language,
//! what language it is in and how it is built and run. It holds the problem package format's
//! table ([`format`](mod@format): codes, names, default entry points, extensions), tells a
//! program's [`Language`] from its files, and gives each language built here its [`Recipe`]:
//! the build and run command lines, what the build makes, and the file or class the program
//! starts from. A package's submission and a learner's project are built and run by the same
//! recipe, each with its own paths. It must not know packages, katas, learners' projects or
//! grading, and it starts no process: those who build and run programs take their command
//! lines from here.

pub mod format;
pub mod language;
pub mod recipe;

pub use format::{FormatLanguage, by_code, by_extension};
pub use language::Language;
pub use recipe::{Made, Paths, Recipe, Start, Word};
