//! A size in bytes as a person writes it, in a manifest or on a command line: `512M`, `1G`.

/// A size in bytes as a person writes it: a number of bytes, or of KiB, MiB or GiB with `K`,
/// `M` or `G` after it (`512M`, `1G`; `MB`, `MiB` and lower case too).
///
/// # Errors
///
/// The message for anything else, and for 0 or more than 1 TiB.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let digits = trimmed
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => Some(0),
        "k" | "kb" | "kib" => Some(10),
        "m" | "mb" | "mib" => Some(20),
        "g" | "gb" | "gib" => Some(30),
        _ => None,
    };
    match (number.parse::<u64>(), shift) {
        (Ok(number), Some(shift)) if number > 0 && number <= (1 << 40) >> shift => {
            Ok(number << shift)
        }
        _ => Err(format!(
            "`{text}` is not a size from 1 byte to 1 TiB: a number of bytes, or of KiB, MiB or \
             GiB with K, M or G after it (512M)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_bytes_or_kib_mib_gib() {
        for (text, bytes) in [
            ("512M", 512 << 20),
            ("512MB", 512 << 20),
            ("1g", 1 << 30),
            ("64 KiB", 64 << 10),
            ("4096", 4096),
            ("1024G", 1 << 40),
        ] {
            assert_eq!(parse_size(text), Ok(bytes), "{text}");
        }
        for text in ["", "0", "M", "-1M", "1.5G", "1025G", "12T", "ten"] {
            assert!(parse_size(text).is_err(), "{text}");
        }
    }
}
