//! Decoding SGF bytes by their `CA[]` charset.

/// The value of the first `CA[...]` property in the raw bytes, if any.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(off) = bytes[from..].windows(3).position(|w| w == b"CA[") {
        let at = from + off;
        let starts_identifier = at == 0 || !bytes[at - 1].is_ascii_alphabetic();
        if starts_identifier {
            let value = &bytes[at + 3..];
            let end = value.iter().position(|&b| b == b']')?;
            let label = String::from_utf8_lossy(&value[..end]).trim().to_string();
            return Some(label);
        }
        from = at + 3;
    }
    None
}

/// Decodes SGF bytes: a byte order mark (UTF-8, UTF-16LE or UTF-16BE) wins, then the
/// `CA[]` charset, else UTF-8. Undecodable bytes become U+FFFD with a warning.
pub(crate) fn decode(bytes: &[u8], warnings: &mut Vec<String>) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return lossy(encoding, &bytes[bom..], encoding.name(), warnings);
    }
    let encoding = match declared_charset(bytes) {
        None => encoding_rs::UTF_8,
        Some(label) => match encoding_rs::Encoding::for_label(label.as_bytes()) {
            // The label was read as ASCII bytes, so the file is not in a charset such as
            // UTF-16 whose ASCII letters are not single bytes: decoding it so would turn the
            // whole file into other characters.
            Some(e) if !e.is_ascii_compatible() => {
                warnings.push(format!(
                    "CA[{label}] cannot be the charset of this file (its ASCII letters are \
                     single bytes); the file is read as UTF-8"
                ));
                encoding_rs::UTF_8
            }
            Some(e) => e,
            None => {
                warnings.push(format!(
                    "unknown charset CA[{label}]; the file is read as UTF-8"
                ));
                encoding_rs::UTF_8
            }
        },
    };
    lossy(encoding, bytes, encoding.name(), warnings)
}

fn lossy(
    encoding: &'static encoding_rs::Encoding,
    bytes: &[u8],
    name: &str,
    warnings: &mut Vec<String>,
) -> String {
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    if had_errors {
        warnings.push(format!(
            "the file is not valid {name}; undecodable bytes were replaced"
        ));
    }
    text.into_owned()
}
