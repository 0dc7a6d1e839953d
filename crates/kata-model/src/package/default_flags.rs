//! The flags of the format's default output validator, as a test case's validator arguments
//! give them: `case_sensitive`, `space_change_sensitive` and the float tolerances. The judge
//! compares by them.

use visible::visible;

/// The default validator's flags, as a test case's validator arguments give them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DefaultFlags {
    /// `case_sensitive`: tokens must match in case too (else ASCII letters match either case).
    pub case_sensitive: bool,
    /// `space_change_sensitive`: the white space between, before and after the tokens must be
    /// the answer's, byte for byte (else any run of it is the same as any other).
    pub space_change_sensitive: bool,
    /// `float_relative_tolerance ε` (or `float_tolerance ε`): a number within `ε·|answer|` of
    /// the answer's is right.
    pub float_relative_tolerance: Option<f64>,
    /// `float_absolute_tolerance ε` (or `float_tolerance ε`): a number within `ε` of the
    /// answer's is right.
    pub float_absolute_tolerance: Option<f64>,
}

impl DefaultFlags {
    /// Reads the flags from a case's validator arguments.
    ///
    /// # Errors
    ///
    /// An argument that is not a flag, a tolerance without a non-negative number after it, a
    /// tolerance given twice, or `float_tolerance` with another tolerance: the format makes the
    /// last two errors.
    pub fn parse(args: &[String]) -> Result<DefaultFlags, String> {
        let mut flags = DefaultFlags::default();
        let mut both = false;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_change_sensitive = true,
                tolerance @ ("float_tolerance"
                | "float_relative_tolerance"
                | "float_absolute_tolerance") => {
                    let value = args.next().and_then(|value| {
                        let number = value.parse::<f64>().ok()?;
                        (is_float(value.as_bytes()) && number >= 0.0).then_some(number)
                    });
                    let Some(value) = value else {
                        return Err(format!(
                            "`{tolerance}` needs a non-negative number after it"
                        ));
                    };
                    let (relative, absolute) = match tolerance {
                        "float_tolerance" => (true, true),
                        "float_relative_tolerance" => (true, false),
                        _ => (false, true),
                    };
                    if both
                        || (relative && flags.float_relative_tolerance.is_some())
                        || (absolute && flags.float_absolute_tolerance.is_some())
                    {
                        return Err(format!(
                            "`{tolerance}` is given with another tolerance that sets it too"
                        ));
                    }
                    both = relative && absolute;
                    if relative {
                        flags.float_relative_tolerance = Some(value);
                    }
                    if absolute {
                        flags.float_absolute_tolerance = Some(value);
                    }
                }
                other => {
                    return Err(format!(
                        "`{}` is not a flag of the default output validator",
                        visible(other.as_bytes())
                    ));
                }
            }
        }
        Ok(flags)
    }

    /// Whether a tolerance is set, absolute or relative.
    #[must_use]
    pub fn has_tolerance(&self) -> bool {
        self.float_relative_tolerance.is_some() || self.float_absolute_tolerance.is_some()
    }

    /// The tolerances, as a message says them.
    #[must_use]
    pub fn tolerances(&self) -> String {
        match (self.float_absolute_tolerance, self.float_relative_tolerance) {
            (Some(absolute), Some(relative)) if absolute == relative => format!("{absolute:e}"),
            (Some(absolute), Some(relative)) => {
                format!("an absolute {absolute:e} or a relative {relative:e}")
            }
            (Some(absolute), None) => format!("an absolute {absolute:e}"),
            (None, Some(relative)) => format!("a relative {relative:e}"),
            (None, None) => String::new(),
        }
    }
}

/// Whether `token` is a floating-point number in the format's grammar: a sign, digits with a
/// decimal point somewhere or none, and an exponent (`inf`, `nan` and hexadecimal are not).
#[must_use]
pub fn is_float(token: &[u8]) -> bool {
    let digits = |text: &[u8]| text.iter().take_while(|byte| byte.is_ascii_digit()).count();
    let mut rest = token
        .strip_prefix(b"+")
        .or_else(|| token.strip_prefix(b"-"))
        .unwrap_or(token);
    let whole = digits(rest);
    rest = &rest[whole..];
    let mut fraction = 0;
    if let Some(after) = rest.strip_prefix(b".") {
        fraction = digits(after);
        rest = &after[fraction..];
    }
    if whole + fraction == 0 {
        return false;
    }
    if let Some(after) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        let after = after
            .strip_prefix(b"+")
            .or_else(|| after.strip_prefix(b"-"))
            .unwrap_or(after);
        let exponent = digits(after);
        return exponent > 0 && exponent == after.len();
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(args: &str) -> DefaultFlags {
        let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
        DefaultFlags::parse(&args).expect("flags")
    }

    #[test]
    fn reads_the_flags() {
        assert_eq!(flags(""), DefaultFlags::default());
        let all = flags(
            "case_sensitive space_change_sensitive float_relative_tolerance 1e-6 \
                         float_absolute_tolerance 0.5",
        );
        assert!(all.case_sensitive && all.space_change_sensitive);
        assert_eq!(all.float_relative_tolerance, Some(1e-6));
        assert_eq!(all.float_absolute_tolerance, Some(0.5));
        let both = flags("float_tolerance 1e-6");
        assert_eq!(both.float_relative_tolerance, Some(1e-6));
        assert_eq!(both.float_absolute_tolerance, Some(1e-6));
    }

    #[test]
    fn refuses_wrong_flags() {
        let parse = |args: &str| {
            let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
            DefaultFlags::parse(&args)
        };
        assert_eq!(
            parse("case_insensitive"),
            Err("`case_insensitive` is not a flag of the default output validator".to_owned())
        );
        assert_eq!(
            parse("float_tolerance"),
            Err("`float_tolerance` needs a non-negative number after it".to_owned())
        );
        assert!(parse("float_tolerance -1").is_err());
        assert!(parse("float_tolerance inf").is_err());
        assert!(parse("float_tolerance 1e-6 float_relative_tolerance 1e-3").is_err());
        assert!(parse("float_absolute_tolerance 1 float_tolerance 1").is_err());
        assert!(parse("float_absolute_tolerance 1 float_absolute_tolerance 2").is_err());
    }
}
