//! A server whose build fails with a type error among warnings.

#[allow(dead_code)]
fn handler_0(x: u32) -> u32 { let unused_0 = x; x + 0 }

#[allow(dead_code)]
fn handler_1(x: u32) -> u32 { let unused_1 = x; x + 1 }

#[allow(dead_code)]
fn handler_2(x: u32) -> u32 { let unused_2 = x; x + 2 }

#[allow(dead_code)]
fn handler_3(x: u32) -> u32 { let unused_3 = x; x + 3 }

#[allow(dead_code)]
fn handler_4(x: u32) -> u32 { let unused_4 = x; x + 4 }

#[allow(dead_code)]
fn handler_5(x: u32) -> u32 { let unused_5 = x; x + 5 }

#[allow(dead_code)]
fn handler_6(x: u32) -> u32 { let unused_6 = x; x + 6 }

#[allow(dead_code)]
fn handler_7(x: u32) -> u32 { let unused_7 = x; x + 7 }

#[allow(dead_code)]
fn handler_8(x: u32) -> u32 { let unused_8 = x; x + 8 }

#[allow(dead_code)]
fn handler_9(x: u32) -> u32 { let unused_9 = x; x + 9 }

#[allow(dead_code)]
fn handler_10(x: u32) -> u32 { let unused_10 = x; x + 10 }

#[allow(dead_code)]
fn handler_11(x: u32) -> u32 { let unused_11 = x; x + 11 }

#[allow(dead_code)]
fn handler_12(x: u32) -> u32 { let unused_12 = x; x + 12 }

#[allow(dead_code)]
fn handler_13(x: u32) -> u32 { let unused_13 = x; x + 13 }

#[allow(dead_code)]
fn handler_14(x: u32) -> u32 { let unused_14 = x; x + 14 }

#[allow(dead_code)]
fn handler_15(x: u32) -> u32 { let unused_15 = x; x + 15 }

#[allow(dead_code)]
fn handler_16(x: u32) -> u32 { let unused_16 = x; x + 16 }

#[allow(dead_code)]
fn handler_17(x: u32) -> u32 { let unused_17 = x; x + 17 }

#[allow(dead_code)]
fn handler_18(x: u32) -> u32 { let unused_18 = x; x + 18 }

#[allow(dead_code)]
fn handler_19(x: u32) -> u32 { let unused_19 = x; x + 19 }

#[allow(dead_code)]
fn handler_20(x: u32) -> u32 { let unused_20 = x; x + 20 }

#[allow(dead_code)]
fn handler_21(x: u32) -> u32 { let unused_21 = x; x + 21 }

#[allow(dead_code)]
fn handler_22(x: u32) -> u32 { let unused_22 = x; x + 22 }

#[allow(dead_code)]
fn handler_23(x: u32) -> u32 { let unused_23 = x; x + 23 }

#[allow(dead_code)]
fn handler_24(x: u32) -> u32 { let unused_24 = x; x + 24 }

#[allow(dead_code)]
fn handler_25(x: u32) -> u32 { let unused_25 = x; x + 25 }

#[allow(dead_code)]
fn handler_26(x: u32) -> u32 { let unused_26 = x; x + 26 }

#[allow(dead_code)]
fn handler_27(x: u32) -> u32 { let unused_27 = x; x + 27 }

#[allow(dead_code)]
fn handler_28(x: u32) -> u32 { let unused_28 = x; x + 28 }

#[allow(dead_code)]
fn handler_29(x: u32) -> u32 { let unused_29 = x; x + 29 }

#[allow(dead_code)]
fn handler_30(x: u32) -> u32 { let unused_30 = x; x + 30 }

#[allow(dead_code)]
fn handler_31(x: u32) -> u32 { let unused_31 = x; x + 31 }

#[allow(dead_code)]
fn handler_32(x: u32) -> u32 { let unused_32 = x; x + 32 }

#[allow(dead_code)]
fn handler_33(x: u32) -> u32 { let unused_33 = x; x + 33 }

#[allow(dead_code)]
fn handler_34(x: u32) -> u32 { let unused_34 = x; x + 34 }

#[allow(dead_code)]
fn handler_35(x: u32) -> u32 { let unused_35 = x; x + 35 }

#[allow(dead_code)]
fn handler_36(x: u32) -> u32 { let unused_36 = x; x + 36 }

#[allow(dead_code)]
fn handler_37(x: u32) -> u32 { let unused_37 = x; x + 37 }

#[allow(dead_code)]
fn handler_38(x: u32) -> u32 { let unused_38 = x; x + 38 }

#[allow(dead_code)]
fn handler_39(x: u32) -> u32 { let unused_39 = x; x + 39 }

struct Config { port: String }

fn main() {
    let config = Config { port: "8080".to_string() };
    let port: u16 = config.port;
    println!("{port}");
}
