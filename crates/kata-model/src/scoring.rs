//! What each case of a stage is worth and who may see its details: the points and visibility a
//! kata's manifest gives a stage and its fixtures, with defaults that change nothing (every case
//! worth 1 point, every case's details shown).

pub use crate::kata::{CaseSettings, StageScoring, Visibility};

/// What one case is worth and who may see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaseWeight {
    /// The points a case earns when it passes.
    pub points: f64,
    /// Who may see its details.
    pub visibility: Visibility,
}

impl Default for CaseWeight {
    fn default() -> Self {
        CaseWeight {
            points: 1.0,
            visibility: Visibility::Visible,
        }
    }
}

impl StageScoring {
    /// Whether the manifest says anything at all: a stage that does not is graded and reported
    /// as it always was.
    #[must_use]
    pub fn is_default(&self) -> bool {
        self.points.is_none() && self.visibility.is_none() && self.cases.is_empty()
    }

    /// Checks what the stage can check before its fixtures are read: no negative or unbounded
    /// points, and the cases' own points within the stage's.
    ///
    /// # Errors
    ///
    /// What is wrong, as a sentence for the author.
    pub fn check(&self) -> Result<(), String> {
        let bad = |points: f64| !points.is_finite() || points < 0.0;
        if let Some(points) = self.points.filter(|&points| bad(points)) {
            return Err(format!(
                "the stage's points, {points}, must be a number 0 or more"
            ));
        }
        for (name, case) in &self.cases {
            if let Some(points) = case.points.filter(|&points| bad(points)) {
                return Err(format!(
                    "the points of case `{name}`, {points}, must be a number 0 or more"
                ));
            }
        }
        let named: f64 = self.cases.values().filter_map(|case| case.points).sum();
        match self.points {
            Some(stage) if named > stage + f64::EPSILON * stage.max(1.0) => Err(format!(
                "the cases' own points add up to {named}, more than the stage's {stage}"
            )),
            _ => Ok(()),
        }
    }

    /// What each of the cases named `names` (in fixture order) is worth: its own points, or
    /// an even share of what the stage's points leave, or 1 without stage points.
    ///
    /// # Errors
    ///
    /// With `strict` (the kata's own fixtures), a case named in the manifest that is not among
    /// `names`; and, in any case, a stage whose points no case is left to take.
    pub fn weights(&self, names: &[&str], strict: bool) -> Result<Vec<CaseWeight>, String> {
        if strict
            && let Some(unknown) = self
                .cases
                .keys()
                .find(|name| !names.contains(&name.as_str()))
        {
            return Err(format!(
                "the manifest gives points or visibility to case `{unknown}`, which the stage's \
                 fixtures do not have"
            ));
        }
        let own = |name: &str| self.cases.get(name);
        let named: f64 = names
            .iter()
            .filter_map(|name| own(name).and_then(|case| case.points))
            .sum();
        let unnamed = names
            .iter()
            .filter(|name| own(name).and_then(|case| case.points).is_none())
            .count();
        let share = match self.points {
            None => 1.0,
            Some(_) if unnamed == 0 => 0.0,
            Some(stage) => (stage - named).max(0.0) / f64_of(unnamed),
        };
        if let Some(stage) = self.points
            && unnamed == 0
            && (stage - named).abs() > 1e-9 * stage.max(1.0)
        {
            return Err(format!(
                "every case names its own points, which add up to {named}, not the stage's {stage}"
            ));
        }
        Ok(names
            .iter()
            .map(|name| {
                let case = own(name);
                CaseWeight {
                    points: case.and_then(|case| case.points).unwrap_or(share),
                    visibility: case
                        .and_then(|case| case.visibility)
                        .or(self.visibility)
                        .unwrap_or_default(),
                }
            })
            .collect())
    }
}

/// `count` as a float, exactly for any count a stage may have.
fn f64_of(count: usize) -> f64 {
    u32::try_from(count).map_or(f64::from(u32::MAX), f64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scoring(
        points: Option<f64>,
        cases: &[(&str, Option<f64>, Option<Visibility>)],
    ) -> StageScoring {
        StageScoring {
            points,
            visibility: None,
            cases: cases
                .iter()
                .map(|&(name, points, visibility)| {
                    (name.to_owned(), CaseSettings { points, visibility })
                })
                .collect(),
        }
    }

    #[test]
    fn by_default_every_case_is_worth_one_and_visible() {
        let weights = StageScoring::default()
            .weights(&["a", "b"], true)
            .expect("weights");
        assert_eq!(weights, vec![CaseWeight::default(); 2]);
        assert!(StageScoring::default().is_default());
    }

    #[test]
    fn stage_points_are_split_over_the_cases_that_name_none() {
        let stage = scoring(Some(10.0), &[("a", Some(4.0), Some(Visibility::Hidden))]);
        let weights = stage.weights(&["a", "b", "c"], true).expect("weights");
        let points: Vec<f64> = weights.iter().map(|weight| weight.points).collect();
        assert_eq!(points, [4.0, 3.0, 3.0]);
        assert_eq!(weights[0].visibility, Visibility::Hidden);
        assert_eq!(weights[1].visibility, Visibility::Visible);
    }

    #[test]
    fn points_that_do_not_add_up_are_refused() {
        assert!(
            scoring(Some(3.0), &[("a", Some(4.0), None)])
                .check()
                .is_err()
        );
        assert!(scoring(Some(-1.0), &[]).check().is_err());
        let all_named = scoring(Some(10.0), &[("a", Some(4.0), None)]);
        assert!(all_named.weights(&["a"], true).is_err());
        let unknown = scoring(None, &[("zzz", Some(4.0), None)]);
        assert!(unknown.weights(&["a"], true).is_err());
        assert!(unknown.weights(&["a"], false).is_ok());
    }
}
