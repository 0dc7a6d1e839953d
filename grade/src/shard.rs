//! A class spread over many machines: `--shard I/N` keeps the I-th of N disjoint slices of a
//! class, each submission's slice decided by its folder name alone (whatever the order of the
//! folder listing, and whatever other submissions there are), and `--shard auto` reads I and N
//! from the environment of the engine that starts the N copies.

use std::fmt;
use std::str::FromStr;

/// `--shard` as given: a slice, or `auto` with the count perhaps given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardSpec {
    /// `I/N`.
    Given(Shard),
    /// `auto` or `auto/N`: the index (and the count, if not given) from the environment.
    Auto(Option<u32>),
}

/// The `index`-th (from 1) of `count` slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u32,
    /// How many.
    pub count: u32,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// The slice `index` of `count`, when it is one.
    ///
    /// # Errors
    ///
    /// When `count` is 0 or `index` is not from 1 to `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, String> {
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "{index}/{count} is no slice of a class: I/N takes N of 1 or more and I from 1 \
                 to N"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether the submission named `name` (its folder's name, byte for byte) is in this
    /// slice: the slice is its name's FNV-1a hash modulo the count, so that it never depends
    /// on the other submissions or on the order they are listed in.
    #[must_use]
    pub fn holds(self, name: &[u8]) -> bool {
        let hash = name.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
        hash % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl FromStr for ShardSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardSpec, String> {
        let number = |part: &str| {
            part.parse::<u32>().map_err(|_| {
                format!("`{text}` is not I/N, auto or auto/N: `{part}` is not a number")
            })
        };
        match text.split_once('/') {
            None if text == "auto" => Ok(ShardSpec::Auto(None)),
            Some(("auto", count)) => {
                let count = number(count)?;
                Shard::new(1, count)?;
                Ok(ShardSpec::Auto(Some(count)))
            }
            Some((index, count)) => Ok(ShardSpec::Given(Shard::new(
                number(index)?,
                number(count)?,
            )?)),
            None => Err(format!(
                "`{text}` is not I/N (the I-th of N slices, from 1), auto or auto/N"
            )),
        }
    }
}

impl ShardSpec {
    /// The slice, reading the environment through `var` for `auto`: `GRADE_SHARD` (`I/N`),
    /// else a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` (from 0), else a Slurm job
    /// array's `SLURM_ARRAY_TASK_ID` (from `SLURM_ARRAY_TASK_MIN`, its count
    /// `SLURM_ARRAY_TASK_COUNT`).
    ///
    /// # Errors
    ///
    /// When `auto` finds no index, or no count, or a value that is not a number.
    pub fn resolve(self, var: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let count_given = match self {
            ShardSpec::Given(shard) => return Ok(shard),
            ShardSpec::Auto(count) => count,
        };
        let number = |name: &str| -> Result<Option<u32>, String> {
            var(name)
                .map(|value| {
                    value
                        .trim()
                        .parse::<u32>()
                        .map_err(|_| format!("--shard auto: {name} is `{value}`, not a number"))
                })
                .transpose()
        };
        if let Some(given) = var("GRADE_SHARD") {
            return match given.parse()? {
                ShardSpec::Given(shard) => Ok(shard),
                ShardSpec::Auto(_) => Err("--shard auto: GRADE_SHARD must be I/N".to_owned()),
            };
        }
        let (index, count) = if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            (index, count_given)
        } else if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let first = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let count = count_given.or(number("SLURM_ARRAY_TASK_COUNT")?);
            (id.saturating_sub(first), count)
        } else {
            return Err("--shard auto: no slice in the environment (GRADE_SHARD, \
                        JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID); give --shard I/N"
                .to_owned());
        };
        let count = count.ok_or_else(|| {
            "--shard auto: the environment gives this copy's index but not how many there \
             are: give --shard auto/N"
                .to_owned()
        })?;
        Shard::new(index.saturating_add(1), count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        }
    }

    #[test]
    fn slices_are_disjoint_and_cover_the_class() {
        let names: Vec<String> = (0..200).map(|n| format!("student-{n:03}")).collect();
        let shards: Vec<Shard> = (1..=4)
            .map(|index| Shard::new(index, 4).expect("a shard"))
            .collect();
        for name in &names {
            let holding = shards
                .iter()
                .filter(|shard| shard.holds(name.as_bytes()))
                .count();
            assert_eq!(holding, 1, "{name}");
        }
        for shard in &shards {
            let held = names
                .iter()
                .filter(|name| shard.holds(name.as_bytes()))
                .count();
            assert!((25..=75).contains(&held), "{shard}: {held} of 200");
        }
    }

    #[test]
    fn a_slice_is_given_or_read_from_the_environment() {
        let given: ShardSpec = "2/4".parse().expect("a slice");
        assert_eq!(given.resolve(env(&[])), Ok(Shard { index: 2, count: 4 }));
        assert!("0/4".parse::<ShardSpec>().is_err());
        assert!("5/4".parse::<ShardSpec>().is_err());
        assert!("x".parse::<ShardSpec>().is_err());
        let auto: ShardSpec = "auto".parse().expect("auto");
        assert_eq!(
            auto.resolve(env(&[("GRADE_SHARD", "3/8")])),
            Ok(Shard { index: 3, count: 8 })
        );
        let kubernetes: ShardSpec = "auto/4".parse().expect("auto/4");
        assert_eq!(
            kubernetes.resolve(env(&[("JOB_COMPLETION_INDEX", "0")])),
            Ok(Shard { index: 1, count: 4 })
        );
        assert!(auto.resolve(env(&[("JOB_COMPLETION_INDEX", "0")])).is_err());
        assert_eq!(
            auto.resolve(env(&[
                ("SLURM_ARRAY_TASK_ID", "4"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
                ("SLURM_ARRAY_TASK_COUNT", "4")
            ])),
            Ok(Shard { index: 4, count: 4 })
        );
        assert!(auto.resolve(env(&[])).is_err());
    }
}
