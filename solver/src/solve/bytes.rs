//! Values (`i8`s) as the bytes that hold them, and back, without a copy: the passes and the
//! files they read and write hold values as bytes.

/// Bytes read as the `i8`s they hold.
pub fn as_i8(bytes: &[u8]) -> &[i8] {
    // SAFETY: i8 and u8 have the same size, alignment and no invalid values.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast(), bytes.len()) }
}

/// `i8`s read as the bytes that hold them.
pub fn as_u8(values: &[i8]) -> &[u8] {
    // SAFETY: i8 and u8 have the same size, alignment and no invalid values.
    unsafe { std::slice::from_raw_parts(values.as_ptr().cast(), values.len()) }
}
