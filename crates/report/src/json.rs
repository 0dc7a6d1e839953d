//! Results for machines: the [`model`](crate::model) as a JSON document modelled on version 3
//! of Exercism's test-runner `results.json`, with each case's verdict and duration added
//! (`docs/src/reference/results-json.md` documents it).

use crate::model::{ClassResults, ProgramResults};
use crate::notation::json_document;

/// The JSON document of one program's results, pretty-printed and ending in a new line, as
/// `--json` writes it.
#[must_use]
pub fn program(results: &ProgramResults) -> String {
    json_document(results)
}

/// The JSON document of a class's results, as [`program`] writes one program's.
#[must_use]
pub fn class(class: &ClassResults) -> String {
    json_document(class)
}
