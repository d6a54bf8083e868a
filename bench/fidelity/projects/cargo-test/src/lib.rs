//! A tiny calculator with many passing tests and two failing ones.

pub fn add(a: i64, b: i64) -> i64 { a + b }

pub fn parse_port(s: &str) -> u16 { s.trim().parse().expect("port must be a number") }

pub fn mean(xs: &[i64]) -> i64 { xs.iter().sum::<i64>() / xs.len() as i64 }

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_case_0() { assert_eq!(add(0, 1), 1); }

    #[test]
    fn adds_case_1() { assert_eq!(add(1, 1), 2); }

    #[test]
    fn adds_case_2() { assert_eq!(add(2, 1), 3); }

    #[test]
    fn adds_case_3() { assert_eq!(add(3, 1), 4); }

    #[test]
    fn adds_case_4() { assert_eq!(add(4, 1), 5); }

    #[test]
    fn adds_case_5() { assert_eq!(add(5, 1), 6); }

    #[test]
    fn adds_case_6() { assert_eq!(add(6, 1), 7); }

    #[test]
    fn adds_case_7() { assert_eq!(add(7, 1), 8); }

    #[test]
    fn adds_case_8() { assert_eq!(add(8, 1), 9); }

    #[test]
    fn adds_case_9() { assert_eq!(add(9, 1), 10); }

    #[test]
    fn adds_case_10() { assert_eq!(add(10, 1), 11); }

    #[test]
    fn adds_case_11() { assert_eq!(add(11, 1), 12); }

    #[test]
    fn adds_case_12() { assert_eq!(add(12, 1), 13); }

    #[test]
    fn adds_case_13() { assert_eq!(add(13, 1), 14); }

    #[test]
    fn adds_case_14() { assert_eq!(add(14, 1), 15); }

    #[test]
    fn adds_case_15() { assert_eq!(add(15, 1), 16); }

    #[test]
    fn adds_case_16() { assert_eq!(add(16, 1), 17); }

    #[test]
    fn adds_case_17() { assert_eq!(add(17, 1), 18); }

    #[test]
    fn adds_case_18() { assert_eq!(add(18, 1), 19); }

    #[test]
    fn adds_case_19() { assert_eq!(add(19, 1), 20); }

    #[test]
    fn adds_case_20() { assert_eq!(add(20, 1), 21); }

    #[test]
    fn adds_case_21() { assert_eq!(add(21, 1), 22); }

    #[test]
    fn adds_case_22() { assert_eq!(add(22, 1), 23); }

    #[test]
    fn adds_case_23() { assert_eq!(add(23, 1), 24); }

    #[test]
    fn adds_case_24() { assert_eq!(add(24, 1), 25); }

    #[test]
    fn adds_case_25() { assert_eq!(add(25, 1), 26); }

    #[test]
    fn adds_case_26() { assert_eq!(add(26, 1), 27); }

    #[test]
    fn adds_case_27() { assert_eq!(add(27, 1), 28); }

    #[test]
    fn adds_case_28() { assert_eq!(add(28, 1), 29); }

    #[test]
    fn adds_case_29() { assert_eq!(add(29, 1), 30); }

    #[test]
    fn adds_case_30() { assert_eq!(add(30, 1), 31); }

    #[test]
    fn adds_case_31() { assert_eq!(add(31, 1), 32); }

    #[test]
    fn adds_case_32() { assert_eq!(add(32, 1), 33); }

    #[test]
    fn adds_case_33() { assert_eq!(add(33, 1), 34); }

    #[test]
    fn adds_case_34() { assert_eq!(add(34, 1), 35); }

    #[test]
    fn adds_case_35() { assert_eq!(add(35, 1), 36); }

    #[test]
    fn adds_case_36() { assert_eq!(add(36, 1), 37); }

    #[test]
    fn adds_case_37() { assert_eq!(add(37, 1), 38); }

    #[test]
    fn adds_case_38() { assert_eq!(add(38, 1), 39); }

    #[test]
    fn adds_case_39() { assert_eq!(add(39, 1), 40); }

    #[test]
    fn adds_case_40() { assert_eq!(add(40, 1), 41); }

    #[test]
    fn adds_case_41() { assert_eq!(add(41, 1), 42); }

    #[test]
    fn adds_case_42() { assert_eq!(add(42, 1), 43); }

    #[test]
    fn adds_case_43() { assert_eq!(add(43, 1), 44); }

    #[test]
    fn adds_case_44() { assert_eq!(add(44, 1), 45); }

    #[test]
    fn adds_case_45() { assert_eq!(add(45, 1), 46); }

    #[test]
    fn adds_case_46() { assert_eq!(add(46, 1), 47); }

    #[test]
    fn adds_case_47() { assert_eq!(add(47, 1), 48); }

    #[test]
    fn adds_case_48() { assert_eq!(add(48, 1), 49); }

    #[test]
    fn adds_case_49() { assert_eq!(add(49, 1), 50); }

    #[test]
    fn adds_case_50() { assert_eq!(add(50, 1), 51); }

    #[test]
    fn adds_case_51() { assert_eq!(add(51, 1), 52); }

    #[test]
    fn adds_case_52() { assert_eq!(add(52, 1), 53); }

    #[test]
    fn adds_case_53() { assert_eq!(add(53, 1), 54); }

    #[test]
    fn adds_case_54() { assert_eq!(add(54, 1), 55); }

    #[test]
    fn adds_case_55() { assert_eq!(add(55, 1), 56); }

    #[test]
    fn adds_case_56() { assert_eq!(add(56, 1), 57); }

    #[test]
    fn adds_case_57() { assert_eq!(add(57, 1), 58); }

    #[test]
    fn adds_case_58() { assert_eq!(add(58, 1), 59); }

    #[test]
    fn adds_case_59() { assert_eq!(add(59, 1), 60); }

    #[test]
    fn adds_case_60() { assert_eq!(add(60, 1), 61); }

    #[test]
    fn adds_case_61() { assert_eq!(add(61, 1), 62); }

    #[test]
    fn adds_case_62() { assert_eq!(add(62, 1), 63); }

    #[test]
    fn adds_case_63() { assert_eq!(add(63, 1), 64); }

    #[test]
    fn adds_case_64() { assert_eq!(add(64, 1), 65); }

    #[test]
    fn adds_case_65() { assert_eq!(add(65, 1), 66); }

    #[test]
    fn adds_case_66() { assert_eq!(add(66, 1), 67); }

    #[test]
    fn adds_case_67() { assert_eq!(add(67, 1), 68); }

    #[test]
    fn adds_case_68() { assert_eq!(add(68, 1), 69); }

    #[test]
    fn adds_case_69() { assert_eq!(add(69, 1), 70); }

    #[test]
    fn adds_case_70() { assert_eq!(add(70, 1), 71); }

    #[test]
    fn adds_case_71() { assert_eq!(add(71, 1), 72); }

    #[test]
    fn adds_case_72() { assert_eq!(add(72, 1), 73); }

    #[test]
    fn adds_case_73() { assert_eq!(add(73, 1), 74); }

    #[test]
    fn adds_case_74() { assert_eq!(add(74, 1), 75); }

    #[test]
    fn adds_case_75() { assert_eq!(add(75, 1), 76); }

    #[test]
    fn adds_case_76() { assert_eq!(add(76, 1), 77); }

    #[test]
    fn adds_case_77() { assert_eq!(add(77, 1), 78); }

    #[test]
    fn adds_case_78() { assert_eq!(add(78, 1), 79); }

    #[test]
    fn adds_case_79() { assert_eq!(add(79, 1), 80); }

    #[test]
    fn adds_case_80() { assert_eq!(add(80, 1), 81); }

    #[test]
    fn adds_case_81() { assert_eq!(add(81, 1), 82); }

    #[test]
    fn adds_case_82() { assert_eq!(add(82, 1), 83); }

    #[test]
    fn adds_case_83() { assert_eq!(add(83, 1), 84); }

    #[test]
    fn adds_case_84() { assert_eq!(add(84, 1), 85); }

    #[test]
    fn adds_case_85() { assert_eq!(add(85, 1), 86); }

    #[test]
    fn adds_case_86() { assert_eq!(add(86, 1), 87); }

    #[test]
    fn adds_case_87() { assert_eq!(add(87, 1), 88); }

    #[test]
    fn adds_case_88() { assert_eq!(add(88, 1), 89); }

    #[test]
    fn adds_case_89() { assert_eq!(add(89, 1), 90); }

    #[test]
    fn adds_case_90() { assert_eq!(add(90, 1), 91); }

    #[test]
    fn adds_case_91() { assert_eq!(add(91, 1), 92); }

    #[test]
    fn adds_case_92() { assert_eq!(add(92, 1), 93); }

    #[test]
    fn adds_case_93() { assert_eq!(add(93, 1), 94); }

    #[test]
    fn adds_case_94() { assert_eq!(add(94, 1), 95); }

    #[test]
    fn adds_case_95() { assert_eq!(add(95, 1), 96); }

    #[test]
    fn adds_case_96() { assert_eq!(add(96, 1), 97); }

    #[test]
    fn adds_case_97() { assert_eq!(add(97, 1), 98); }

    #[test]
    fn adds_case_98() { assert_eq!(add(98, 1), 99); }

    #[test]
    fn adds_case_99() { assert_eq!(add(99, 1), 100); }

    #[test]
    fn adds_case_100() { assert_eq!(add(100, 1), 101); }

    #[test]
    fn adds_case_101() { assert_eq!(add(101, 1), 102); }

    #[test]
    fn adds_case_102() { assert_eq!(add(102, 1), 103); }

    #[test]
    fn adds_case_103() { assert_eq!(add(103, 1), 104); }

    #[test]
    fn adds_case_104() { assert_eq!(add(104, 1), 105); }

    #[test]
    fn adds_case_105() { assert_eq!(add(105, 1), 106); }

    #[test]
    fn adds_case_106() { assert_eq!(add(106, 1), 107); }

    #[test]
    fn adds_case_107() { assert_eq!(add(107, 1), 108); }

    #[test]
    fn adds_case_108() { assert_eq!(add(108, 1), 109); }

    #[test]
    fn adds_case_109() { assert_eq!(add(109, 1), 110); }

    #[test]
    fn adds_case_110() { assert_eq!(add(110, 1), 111); }

    #[test]
    fn adds_case_111() { assert_eq!(add(111, 1), 112); }

    #[test]
    fn adds_case_112() { assert_eq!(add(112, 1), 113); }

    #[test]
    fn adds_case_113() { assert_eq!(add(113, 1), 114); }

    #[test]
    fn adds_case_114() { assert_eq!(add(114, 1), 115); }

    #[test]
    fn adds_case_115() { assert_eq!(add(115, 1), 116); }

    #[test]
    fn adds_case_116() { assert_eq!(add(116, 1), 117); }

    #[test]
    fn adds_case_117() { assert_eq!(add(117, 1), 118); }

    #[test]
    fn adds_case_118() { assert_eq!(add(118, 1), 119); }

    #[test]
    fn adds_case_119() { assert_eq!(add(119, 1), 120); }

    #[test]
    fn adds_case_120() { assert_eq!(add(120, 1), 121); }

    #[test]
    fn adds_case_121() { assert_eq!(add(121, 1), 122); }

    #[test]
    fn adds_case_122() { assert_eq!(add(122, 1), 123); }

    #[test]
    fn adds_case_123() { assert_eq!(add(123, 1), 124); }

    #[test]
    fn adds_case_124() { assert_eq!(add(124, 1), 125); }

    #[test]
    fn adds_case_125() { assert_eq!(add(125, 1), 126); }

    #[test]
    fn adds_case_126() { assert_eq!(add(126, 1), 127); }

    #[test]
    fn adds_case_127() { assert_eq!(add(127, 1), 128); }

    #[test]
    fn adds_case_128() { assert_eq!(add(128, 1), 129); }

    #[test]
    fn adds_case_129() { assert_eq!(add(129, 1), 130); }

    #[test]
    fn adds_case_130() { assert_eq!(add(130, 1), 131); }

    #[test]
    fn adds_case_131() { assert_eq!(add(131, 1), 132); }

    #[test]
    fn adds_case_132() { assert_eq!(add(132, 1), 133); }

    #[test]
    fn adds_case_133() { assert_eq!(add(133, 1), 134); }

    #[test]
    fn adds_case_134() { assert_eq!(add(134, 1), 135); }

    #[test]
    fn adds_case_135() { assert_eq!(add(135, 1), 136); }

    #[test]
    fn adds_case_136() { assert_eq!(add(136, 1), 137); }

    #[test]
    fn adds_case_137() { assert_eq!(add(137, 1), 138); }

    #[test]
    fn adds_case_138() { assert_eq!(add(138, 1), 139); }

    #[test]
    fn adds_case_139() { assert_eq!(add(139, 1), 140); }

    #[test]
    fn adds_case_140() { assert_eq!(add(140, 1), 141); }

    #[test]
    fn adds_case_141() { assert_eq!(add(141, 1), 142); }

    #[test]
    fn adds_case_142() { assert_eq!(add(142, 1), 143); }

    #[test]
    fn adds_case_143() { assert_eq!(add(143, 1), 144); }

    #[test]
    fn adds_case_144() { assert_eq!(add(144, 1), 145); }

    #[test]
    fn adds_case_145() { assert_eq!(add(145, 1), 146); }

    #[test]
    fn adds_case_146() { assert_eq!(add(146, 1), 147); }

    #[test]
    fn adds_case_147() { assert_eq!(add(147, 1), 148); }

    #[test]
    fn adds_case_148() { assert_eq!(add(148, 1), 149); }

    #[test]
    fn adds_case_149() { assert_eq!(add(149, 1), 150); }

    #[test]
    fn adds_case_150() { assert_eq!(add(150, 1), 151); }

    #[test]
    fn adds_case_151() { assert_eq!(add(151, 1), 152); }

    #[test]
    fn adds_case_152() { assert_eq!(add(152, 1), 153); }

    #[test]
    fn adds_case_153() { assert_eq!(add(153, 1), 154); }

    #[test]
    fn adds_case_154() { assert_eq!(add(154, 1), 155); }

    #[test]
    fn adds_case_155() { assert_eq!(add(155, 1), 156); }

    #[test]
    fn adds_case_156() { assert_eq!(add(156, 1), 157); }

    #[test]
    fn adds_case_157() { assert_eq!(add(157, 1), 158); }

    #[test]
    fn adds_case_158() { assert_eq!(add(158, 1), 159); }

    #[test]
    fn adds_case_159() { assert_eq!(add(159, 1), 160); }

    #[test]
    fn adds_case_160() { assert_eq!(add(160, 1), 161); }

    #[test]
    fn adds_case_161() { assert_eq!(add(161, 1), 162); }

    #[test]
    fn adds_case_162() { assert_eq!(add(162, 1), 163); }

    #[test]
    fn adds_case_163() { assert_eq!(add(163, 1), 164); }

    #[test]
    fn adds_case_164() { assert_eq!(add(164, 1), 165); }

    #[test]
    fn adds_case_165() { assert_eq!(add(165, 1), 166); }

    #[test]
    fn adds_case_166() { assert_eq!(add(166, 1), 167); }

    #[test]
    fn adds_case_167() { assert_eq!(add(167, 1), 168); }

    #[test]
    fn adds_case_168() { assert_eq!(add(168, 1), 169); }

    #[test]
    fn adds_case_169() { assert_eq!(add(169, 1), 170); }

    #[test]
    fn adds_case_170() { assert_eq!(add(170, 1), 171); }

    #[test]
    fn adds_case_171() { assert_eq!(add(171, 1), 172); }

    #[test]
    fn adds_case_172() { assert_eq!(add(172, 1), 173); }

    #[test]
    fn adds_case_173() { assert_eq!(add(173, 1), 174); }

    #[test]
    fn adds_case_174() { assert_eq!(add(174, 1), 175); }

    #[test]
    fn adds_case_175() { assert_eq!(add(175, 1), 176); }

    #[test]
    fn adds_case_176() { assert_eq!(add(176, 1), 177); }

    #[test]
    fn adds_case_177() { assert_eq!(add(177, 1), 178); }

    #[test]
    fn adds_case_178() { assert_eq!(add(178, 1), 179); }

    #[test]
    fn adds_case_179() { assert_eq!(add(179, 1), 180); }

    #[test]
    fn adds_case_180() { assert_eq!(add(180, 1), 181); }

    #[test]
    fn adds_case_181() { assert_eq!(add(181, 1), 182); }

    #[test]
    fn adds_case_182() { assert_eq!(add(182, 1), 183); }

    #[test]
    fn adds_case_183() { assert_eq!(add(183, 1), 184); }

    #[test]
    fn adds_case_184() { assert_eq!(add(184, 1), 185); }

    #[test]
    fn adds_case_185() { assert_eq!(add(185, 1), 186); }

    #[test]
    fn adds_case_186() { assert_eq!(add(186, 1), 187); }

    #[test]
    fn adds_case_187() { assert_eq!(add(187, 1), 188); }

    #[test]
    fn adds_case_188() { assert_eq!(add(188, 1), 189); }

    #[test]
    fn adds_case_189() { assert_eq!(add(189, 1), 190); }

    #[test]
    fn adds_case_190() { assert_eq!(add(190, 1), 191); }

    #[test]
    fn adds_case_191() { assert_eq!(add(191, 1), 192); }

    #[test]
    fn adds_case_192() { assert_eq!(add(192, 1), 193); }

    #[test]
    fn adds_case_193() { assert_eq!(add(193, 1), 194); }

    #[test]
    fn adds_case_194() { assert_eq!(add(194, 1), 195); }

    #[test]
    fn adds_case_195() { assert_eq!(add(195, 1), 196); }

    #[test]
    fn adds_case_196() { assert_eq!(add(196, 1), 197); }

    #[test]
    fn adds_case_197() { assert_eq!(add(197, 1), 198); }

    #[test]
    fn adds_case_198() { assert_eq!(add(198, 1), 199); }

    #[test]
    fn adds_case_199() { assert_eq!(add(199, 1), 200); }

    #[test]
    fn adds_case_200() { assert_eq!(add(200, 1), 201); }

    #[test]
    fn adds_case_201() { assert_eq!(add(201, 1), 202); }

    #[test]
    fn adds_case_202() { assert_eq!(add(202, 1), 203); }

    #[test]
    fn adds_case_203() { assert_eq!(add(203, 1), 204); }

    #[test]
    fn adds_case_204() { assert_eq!(add(204, 1), 205); }

    #[test]
    fn adds_case_205() { assert_eq!(add(205, 1), 206); }

    #[test]
    fn adds_case_206() { assert_eq!(add(206, 1), 207); }

    #[test]
    fn adds_case_207() { assert_eq!(add(207, 1), 208); }

    #[test]
    fn adds_case_208() { assert_eq!(add(208, 1), 209); }

    #[test]
    fn adds_case_209() { assert_eq!(add(209, 1), 210); }

    #[test]
    fn adds_case_210() { assert_eq!(add(210, 1), 211); }

    #[test]
    fn adds_case_211() { assert_eq!(add(211, 1), 212); }

    #[test]
    fn adds_case_212() { assert_eq!(add(212, 1), 213); }

    #[test]
    fn adds_case_213() { assert_eq!(add(213, 1), 214); }

    #[test]
    fn adds_case_214() { assert_eq!(add(214, 1), 215); }

    #[test]
    fn adds_case_215() { assert_eq!(add(215, 1), 216); }

    #[test]
    fn adds_case_216() { assert_eq!(add(216, 1), 217); }

    #[test]
    fn adds_case_217() { assert_eq!(add(217, 1), 218); }

    #[test]
    fn adds_case_218() { assert_eq!(add(218, 1), 219); }

    #[test]
    fn adds_case_219() { assert_eq!(add(219, 1), 220); }

    #[test]
    fn adds_case_220() { assert_eq!(add(220, 1), 221); }

    #[test]
    fn adds_case_221() { assert_eq!(add(221, 1), 222); }

    #[test]
    fn adds_case_222() { assert_eq!(add(222, 1), 223); }

    #[test]
    fn adds_case_223() { assert_eq!(add(223, 1), 224); }

    #[test]
    fn adds_case_224() { assert_eq!(add(224, 1), 225); }

    #[test]
    fn adds_case_225() { assert_eq!(add(225, 1), 226); }

    #[test]
    fn adds_case_226() { assert_eq!(add(226, 1), 227); }

    #[test]
    fn adds_case_227() { assert_eq!(add(227, 1), 228); }

    #[test]
    fn adds_case_228() { assert_eq!(add(228, 1), 229); }

    #[test]
    fn adds_case_229() { assert_eq!(add(229, 1), 230); }

    #[test]
    fn adds_case_230() { assert_eq!(add(230, 1), 231); }

    #[test]
    fn adds_case_231() { assert_eq!(add(231, 1), 232); }

    #[test]
    fn adds_case_232() { assert_eq!(add(232, 1), 233); }

    #[test]
    fn adds_case_233() { assert_eq!(add(233, 1), 234); }

    #[test]
    fn adds_case_234() { assert_eq!(add(234, 1), 235); }

    #[test]
    fn adds_case_235() { assert_eq!(add(235, 1), 236); }

    #[test]
    fn adds_case_236() { assert_eq!(add(236, 1), 237); }

    #[test]
    fn adds_case_237() { assert_eq!(add(237, 1), 238); }

    #[test]
    fn adds_case_238() { assert_eq!(add(238, 1), 239); }

    #[test]
    fn adds_case_239() { assert_eq!(add(239, 1), 240); }

    #[test]
    fn adds_case_240() { assert_eq!(add(240, 1), 241); }

    #[test]
    fn adds_case_241() { assert_eq!(add(241, 1), 242); }

    #[test]
    fn adds_case_242() { assert_eq!(add(242, 1), 243); }

    #[test]
    fn adds_case_243() { assert_eq!(add(243, 1), 244); }

    #[test]
    fn adds_case_244() { assert_eq!(add(244, 1), 245); }

    #[test]
    fn adds_case_245() { assert_eq!(add(245, 1), 246); }

    #[test]
    fn adds_case_246() { assert_eq!(add(246, 1), 247); }

    #[test]
    fn adds_case_247() { assert_eq!(add(247, 1), 248); }

    #[test]
    fn adds_case_248() { assert_eq!(add(248, 1), 249); }

    #[test]
    fn adds_case_249() { assert_eq!(add(249, 1), 250); }

    #[test]
    fn adds_case_250() { assert_eq!(add(250, 1), 251); }

    #[test]
    fn adds_case_251() { assert_eq!(add(251, 1), 252); }

    #[test]
    fn adds_case_252() { assert_eq!(add(252, 1), 253); }

    #[test]
    fn adds_case_253() { assert_eq!(add(253, 1), 254); }

    #[test]
    fn adds_case_254() { assert_eq!(add(254, 1), 255); }

    #[test]
    fn adds_case_255() { assert_eq!(add(255, 1), 256); }

    #[test]
    fn adds_case_256() { assert_eq!(add(256, 1), 257); }

    #[test]
    fn adds_case_257() { assert_eq!(add(257, 1), 258); }

    #[test]
    fn adds_case_258() { assert_eq!(add(258, 1), 259); }

    #[test]
    fn adds_case_259() { assert_eq!(add(259, 1), 260); }

    #[test]
    fn adds_case_260() { assert_eq!(add(260, 1), 261); }

    #[test]
    fn adds_case_261() { assert_eq!(add(261, 1), 262); }

    #[test]
    fn adds_case_262() { assert_eq!(add(262, 1), 263); }

    #[test]
    fn adds_case_263() { assert_eq!(add(263, 1), 264); }

    #[test]
    fn adds_case_264() { assert_eq!(add(264, 1), 265); }

    #[test]
    fn adds_case_265() { assert_eq!(add(265, 1), 266); }

    #[test]
    fn adds_case_266() { assert_eq!(add(266, 1), 267); }

    #[test]
    fn adds_case_267() { assert_eq!(add(267, 1), 268); }

    #[test]
    fn adds_case_268() { assert_eq!(add(268, 1), 269); }

    #[test]
    fn adds_case_269() { assert_eq!(add(269, 1), 270); }

    #[test]
    fn adds_case_270() { assert_eq!(add(270, 1), 271); }

    #[test]
    fn adds_case_271() { assert_eq!(add(271, 1), 272); }

    #[test]
    fn adds_case_272() { assert_eq!(add(272, 1), 273); }

    #[test]
    fn adds_case_273() { assert_eq!(add(273, 1), 274); }

    #[test]
    fn adds_case_274() { assert_eq!(add(274, 1), 275); }

    #[test]
    fn adds_case_275() { assert_eq!(add(275, 1), 276); }

    #[test]
    fn adds_case_276() { assert_eq!(add(276, 1), 277); }

    #[test]
    fn adds_case_277() { assert_eq!(add(277, 1), 278); }

    #[test]
    fn adds_case_278() { assert_eq!(add(278, 1), 279); }

    #[test]
    fn adds_case_279() { assert_eq!(add(279, 1), 280); }

    #[test]
    fn adds_case_280() { assert_eq!(add(280, 1), 281); }

    #[test]
    fn adds_case_281() { assert_eq!(add(281, 1), 282); }

    #[test]
    fn adds_case_282() { assert_eq!(add(282, 1), 283); }

    #[test]
    fn adds_case_283() { assert_eq!(add(283, 1), 284); }

    #[test]
    fn adds_case_284() { assert_eq!(add(284, 1), 285); }

    #[test]
    fn adds_case_285() { assert_eq!(add(285, 1), 286); }

    #[test]
    fn adds_case_286() { assert_eq!(add(286, 1), 287); }

    #[test]
    fn adds_case_287() { assert_eq!(add(287, 1), 288); }

    #[test]
    fn adds_case_288() { assert_eq!(add(288, 1), 289); }

    #[test]
    fn adds_case_289() { assert_eq!(add(289, 1), 290); }

    #[test]
    fn adds_case_290() { assert_eq!(add(290, 1), 291); }

    #[test]
    fn adds_case_291() { assert_eq!(add(291, 1), 292); }

    #[test]
    fn adds_case_292() { assert_eq!(add(292, 1), 293); }

    #[test]
    fn adds_case_293() { assert_eq!(add(293, 1), 294); }

    #[test]
    fn adds_case_294() { assert_eq!(add(294, 1), 295); }

    #[test]
    fn adds_case_295() { assert_eq!(add(295, 1), 296); }

    #[test]
    fn adds_case_296() { assert_eq!(add(296, 1), 297); }

    #[test]
    fn adds_case_297() { assert_eq!(add(297, 1), 298); }

    #[test]
    fn adds_case_298() { assert_eq!(add(298, 1), 299); }

    #[test]
    fn adds_case_299() { assert_eq!(add(299, 1), 300); }

    #[test]
    fn adds_negative_numbers() { assert_eq!(add(-2, -3), -6); }

    #[test]
    fn parses_a_port_with_a_newline() { assert_eq!(parse_port("80a\n"), 80); }

    #[test]
    fn error_messages_mention_the_error() { let e = "error: x"; assert!(e.contains("error")); }

}
