//! Moodle VPL's evaluation output: comments in a block between lines `<|--` and `--|>`, each
//! case a title line (`-`) and its feedback as preformatted lines (`>`), then the grade on a
//! line `Grade :=>>`, the last such line being the one VPL takes. VPL has no hidden cases: a
//! hidden case shows its name and verdict only.

use crate::model::ProgramResults;
use crate::notation::points;

/// The lines, the grade on VPL's scale (`grade_max` for every point) when it is known, else
/// the points earned.
#[must_use]
pub fn program(results: &ProgramResults, grade_max: Option<f64>) -> String {
    let mut lines = vec!["<|--".to_owned()];
    lines.push(format!(
        "-{} of {} points: {}",
        points(results.score()),
        points(results.max_score()),
        title(&results.summary())
    ));
    for (index, case) in results.tests.iter().enumerate() {
        lines.push(format!(
            "-#{} {}: {}",
            index + 1,
            title(&case.name),
            case.verdict
        ));
        if let Some(message) = case.shown_message() {
            lines.extend(message.lines().map(|line| format!(">{line}")));
        }
    }
    if !results.graded_at_all()
        && let Some(message) = &results.message
    {
        lines.extend(message.lines().map(|line| format!(">{line}")));
    }
    lines.push("--|>".to_owned());
    let max = results.max_score();
    let grade = match grade_max {
        Some(scale) if max > 0.0 => results.score() / max * scale,
        Some(_) => 0.0,
        None => results.score(),
    };
    lines.push(format!("Grade :=>> {}", points(grade)));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// A title on one line.
fn title(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}
