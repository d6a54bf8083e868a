//! Integration tests that all pass: their output follows the failures of the unit tests.
use calc::add;

#[test]
fn integration_case_0() { assert_eq!(add(0, 0), 0); }

#[test]
fn integration_case_1() { assert_eq!(add(1, 1), 2); }

#[test]
fn integration_case_2() { assert_eq!(add(2, 2), 4); }

#[test]
fn integration_case_3() { assert_eq!(add(3, 3), 6); }

#[test]
fn integration_case_4() { assert_eq!(add(4, 4), 8); }

#[test]
fn integration_case_5() { assert_eq!(add(5, 5), 10); }

#[test]
fn integration_case_6() { assert_eq!(add(6, 6), 12); }

#[test]
fn integration_case_7() { assert_eq!(add(7, 7), 14); }

#[test]
fn integration_case_8() { assert_eq!(add(8, 8), 16); }

#[test]
fn integration_case_9() { assert_eq!(add(9, 9), 18); }

#[test]
fn integration_case_10() { assert_eq!(add(10, 10), 20); }

#[test]
fn integration_case_11() { assert_eq!(add(11, 11), 22); }

#[test]
fn integration_case_12() { assert_eq!(add(12, 12), 24); }

#[test]
fn integration_case_13() { assert_eq!(add(13, 13), 26); }

#[test]
fn integration_case_14() { assert_eq!(add(14, 14), 28); }

#[test]
fn integration_case_15() { assert_eq!(add(15, 15), 30); }

#[test]
fn integration_case_16() { assert_eq!(add(16, 16), 32); }

#[test]
fn integration_case_17() { assert_eq!(add(17, 17), 34); }

#[test]
fn integration_case_18() { assert_eq!(add(18, 18), 36); }

#[test]
fn integration_case_19() { assert_eq!(add(19, 19), 38); }

#[test]
fn integration_case_20() { assert_eq!(add(20, 20), 40); }

#[test]
fn integration_case_21() { assert_eq!(add(21, 21), 42); }

#[test]
fn integration_case_22() { assert_eq!(add(22, 22), 44); }

#[test]
fn integration_case_23() { assert_eq!(add(23, 23), 46); }

#[test]
fn integration_case_24() { assert_eq!(add(24, 24), 48); }

#[test]
fn integration_case_25() { assert_eq!(add(25, 25), 50); }

#[test]
fn integration_case_26() { assert_eq!(add(26, 26), 52); }

#[test]
fn integration_case_27() { assert_eq!(add(27, 27), 54); }

#[test]
fn integration_case_28() { assert_eq!(add(28, 28), 56); }

#[test]
fn integration_case_29() { assert_eq!(add(29, 29), 58); }

#[test]
fn integration_case_30() { assert_eq!(add(30, 30), 60); }

#[test]
fn integration_case_31() { assert_eq!(add(31, 31), 62); }

#[test]
fn integration_case_32() { assert_eq!(add(32, 32), 64); }

#[test]
fn integration_case_33() { assert_eq!(add(33, 33), 66); }

#[test]
fn integration_case_34() { assert_eq!(add(34, 34), 68); }

#[test]
fn integration_case_35() { assert_eq!(add(35, 35), 70); }

#[test]
fn integration_case_36() { assert_eq!(add(36, 36), 72); }

#[test]
fn integration_case_37() { assert_eq!(add(37, 37), 74); }

#[test]
fn integration_case_38() { assert_eq!(add(38, 38), 76); }

#[test]
fn integration_case_39() { assert_eq!(add(39, 39), 78); }

#[test]
fn integration_case_40() { assert_eq!(add(40, 40), 80); }

#[test]
fn integration_case_41() { assert_eq!(add(41, 41), 82); }

#[test]
fn integration_case_42() { assert_eq!(add(42, 42), 84); }

#[test]
fn integration_case_43() { assert_eq!(add(43, 43), 86); }

#[test]
fn integration_case_44() { assert_eq!(add(44, 44), 88); }

#[test]
fn integration_case_45() { assert_eq!(add(45, 45), 90); }

#[test]
fn integration_case_46() { assert_eq!(add(46, 46), 92); }

#[test]
fn integration_case_47() { assert_eq!(add(47, 47), 94); }

#[test]
fn integration_case_48() { assert_eq!(add(48, 48), 96); }

#[test]
fn integration_case_49() { assert_eq!(add(49, 49), 98); }

#[test]
fn integration_case_50() { assert_eq!(add(50, 50), 100); }

#[test]
fn integration_case_51() { assert_eq!(add(51, 51), 102); }

#[test]
fn integration_case_52() { assert_eq!(add(52, 52), 104); }

#[test]
fn integration_case_53() { assert_eq!(add(53, 53), 106); }

#[test]
fn integration_case_54() { assert_eq!(add(54, 54), 108); }

#[test]
fn integration_case_55() { assert_eq!(add(55, 55), 110); }

#[test]
fn integration_case_56() { assert_eq!(add(56, 56), 112); }

#[test]
fn integration_case_57() { assert_eq!(add(57, 57), 114); }

#[test]
fn integration_case_58() { assert_eq!(add(58, 58), 116); }

#[test]
fn integration_case_59() { assert_eq!(add(59, 59), 118); }

#[test]
fn integration_case_60() { assert_eq!(add(60, 60), 120); }

#[test]
fn integration_case_61() { assert_eq!(add(61, 61), 122); }

#[test]
fn integration_case_62() { assert_eq!(add(62, 62), 124); }

#[test]
fn integration_case_63() { assert_eq!(add(63, 63), 126); }

#[test]
fn integration_case_64() { assert_eq!(add(64, 64), 128); }

#[test]
fn integration_case_65() { assert_eq!(add(65, 65), 130); }

#[test]
fn integration_case_66() { assert_eq!(add(66, 66), 132); }

#[test]
fn integration_case_67() { assert_eq!(add(67, 67), 134); }

#[test]
fn integration_case_68() { assert_eq!(add(68, 68), 136); }

#[test]
fn integration_case_69() { assert_eq!(add(69, 69), 138); }

#[test]
fn integration_case_70() { assert_eq!(add(70, 70), 140); }

#[test]
fn integration_case_71() { assert_eq!(add(71, 71), 142); }

#[test]
fn integration_case_72() { assert_eq!(add(72, 72), 144); }

#[test]
fn integration_case_73() { assert_eq!(add(73, 73), 146); }

#[test]
fn integration_case_74() { assert_eq!(add(74, 74), 148); }

#[test]
fn integration_case_75() { assert_eq!(add(75, 75), 150); }

#[test]
fn integration_case_76() { assert_eq!(add(76, 76), 152); }

#[test]
fn integration_case_77() { assert_eq!(add(77, 77), 154); }

#[test]
fn integration_case_78() { assert_eq!(add(78, 78), 156); }

#[test]
fn integration_case_79() { assert_eq!(add(79, 79), 158); }

#[test]
fn integration_case_80() { assert_eq!(add(80, 80), 160); }

#[test]
fn integration_case_81() { assert_eq!(add(81, 81), 162); }

#[test]
fn integration_case_82() { assert_eq!(add(82, 82), 164); }

#[test]
fn integration_case_83() { assert_eq!(add(83, 83), 166); }

#[test]
fn integration_case_84() { assert_eq!(add(84, 84), 168); }

#[test]
fn integration_case_85() { assert_eq!(add(85, 85), 170); }

#[test]
fn integration_case_86() { assert_eq!(add(86, 86), 172); }

#[test]
fn integration_case_87() { assert_eq!(add(87, 87), 174); }

#[test]
fn integration_case_88() { assert_eq!(add(88, 88), 176); }

#[test]
fn integration_case_89() { assert_eq!(add(89, 89), 178); }

#[test]
fn integration_case_90() { assert_eq!(add(90, 90), 180); }

#[test]
fn integration_case_91() { assert_eq!(add(91, 91), 182); }

#[test]
fn integration_case_92() { assert_eq!(add(92, 92), 184); }

#[test]
fn integration_case_93() { assert_eq!(add(93, 93), 186); }

#[test]
fn integration_case_94() { assert_eq!(add(94, 94), 188); }

#[test]
fn integration_case_95() { assert_eq!(add(95, 95), 190); }

#[test]
fn integration_case_96() { assert_eq!(add(96, 96), 192); }

#[test]
fn integration_case_97() { assert_eq!(add(97, 97), 194); }

#[test]
fn integration_case_98() { assert_eq!(add(98, 98), 196); }

#[test]
fn integration_case_99() { assert_eq!(add(99, 99), 198); }

#[test]
fn integration_case_100() { assert_eq!(add(100, 100), 200); }

#[test]
fn integration_case_101() { assert_eq!(add(101, 101), 202); }

#[test]
fn integration_case_102() { assert_eq!(add(102, 102), 204); }

#[test]
fn integration_case_103() { assert_eq!(add(103, 103), 206); }

#[test]
fn integration_case_104() { assert_eq!(add(104, 104), 208); }

#[test]
fn integration_case_105() { assert_eq!(add(105, 105), 210); }

#[test]
fn integration_case_106() { assert_eq!(add(106, 106), 212); }

#[test]
fn integration_case_107() { assert_eq!(add(107, 107), 214); }

#[test]
fn integration_case_108() { assert_eq!(add(108, 108), 216); }

#[test]
fn integration_case_109() { assert_eq!(add(109, 109), 218); }

#[test]
fn integration_case_110() { assert_eq!(add(110, 110), 220); }

#[test]
fn integration_case_111() { assert_eq!(add(111, 111), 222); }

#[test]
fn integration_case_112() { assert_eq!(add(112, 112), 224); }

#[test]
fn integration_case_113() { assert_eq!(add(113, 113), 226); }

#[test]
fn integration_case_114() { assert_eq!(add(114, 114), 228); }

#[test]
fn integration_case_115() { assert_eq!(add(115, 115), 230); }

#[test]
fn integration_case_116() { assert_eq!(add(116, 116), 232); }

#[test]
fn integration_case_117() { assert_eq!(add(117, 117), 234); }

#[test]
fn integration_case_118() { assert_eq!(add(118, 118), 236); }

#[test]
fn integration_case_119() { assert_eq!(add(119, 119), 238); }

#[test]
fn integration_case_120() { assert_eq!(add(120, 120), 240); }

#[test]
fn integration_case_121() { assert_eq!(add(121, 121), 242); }

#[test]
fn integration_case_122() { assert_eq!(add(122, 122), 244); }

#[test]
fn integration_case_123() { assert_eq!(add(123, 123), 246); }

#[test]
fn integration_case_124() { assert_eq!(add(124, 124), 248); }

#[test]
fn integration_case_125() { assert_eq!(add(125, 125), 250); }

#[test]
fn integration_case_126() { assert_eq!(add(126, 126), 252); }

#[test]
fn integration_case_127() { assert_eq!(add(127, 127), 254); }

#[test]
fn integration_case_128() { assert_eq!(add(128, 128), 256); }

#[test]
fn integration_case_129() { assert_eq!(add(129, 129), 258); }

#[test]
fn integration_case_130() { assert_eq!(add(130, 130), 260); }

#[test]
fn integration_case_131() { assert_eq!(add(131, 131), 262); }

#[test]
fn integration_case_132() { assert_eq!(add(132, 132), 264); }

#[test]
fn integration_case_133() { assert_eq!(add(133, 133), 266); }

#[test]
fn integration_case_134() { assert_eq!(add(134, 134), 268); }

#[test]
fn integration_case_135() { assert_eq!(add(135, 135), 270); }

#[test]
fn integration_case_136() { assert_eq!(add(136, 136), 272); }

#[test]
fn integration_case_137() { assert_eq!(add(137, 137), 274); }

#[test]
fn integration_case_138() { assert_eq!(add(138, 138), 276); }

#[test]
fn integration_case_139() { assert_eq!(add(139, 139), 278); }

#[test]
fn integration_case_140() { assert_eq!(add(140, 140), 280); }

#[test]
fn integration_case_141() { assert_eq!(add(141, 141), 282); }

#[test]
fn integration_case_142() { assert_eq!(add(142, 142), 284); }

#[test]
fn integration_case_143() { assert_eq!(add(143, 143), 286); }

#[test]
fn integration_case_144() { assert_eq!(add(144, 144), 288); }

#[test]
fn integration_case_145() { assert_eq!(add(145, 145), 290); }

#[test]
fn integration_case_146() { assert_eq!(add(146, 146), 292); }

#[test]
fn integration_case_147() { assert_eq!(add(147, 147), 294); }

#[test]
fn integration_case_148() { assert_eq!(add(148, 148), 296); }

#[test]
fn integration_case_149() { assert_eq!(add(149, 149), 298); }

#[test]
fn integration_case_150() { assert_eq!(add(150, 150), 300); }

#[test]
fn integration_case_151() { assert_eq!(add(151, 151), 302); }

#[test]
fn integration_case_152() { assert_eq!(add(152, 152), 304); }

#[test]
fn integration_case_153() { assert_eq!(add(153, 153), 306); }

#[test]
fn integration_case_154() { assert_eq!(add(154, 154), 308); }

#[test]
fn integration_case_155() { assert_eq!(add(155, 155), 310); }

#[test]
fn integration_case_156() { assert_eq!(add(156, 156), 312); }

#[test]
fn integration_case_157() { assert_eq!(add(157, 157), 314); }

#[test]
fn integration_case_158() { assert_eq!(add(158, 158), 316); }

#[test]
fn integration_case_159() { assert_eq!(add(159, 159), 318); }

#[test]
fn integration_case_160() { assert_eq!(add(160, 160), 320); }

#[test]
fn integration_case_161() { assert_eq!(add(161, 161), 322); }

#[test]
fn integration_case_162() { assert_eq!(add(162, 162), 324); }

#[test]
fn integration_case_163() { assert_eq!(add(163, 163), 326); }

#[test]
fn integration_case_164() { assert_eq!(add(164, 164), 328); }

#[test]
fn integration_case_165() { assert_eq!(add(165, 165), 330); }

#[test]
fn integration_case_166() { assert_eq!(add(166, 166), 332); }

#[test]
fn integration_case_167() { assert_eq!(add(167, 167), 334); }

#[test]
fn integration_case_168() { assert_eq!(add(168, 168), 336); }

#[test]
fn integration_case_169() { assert_eq!(add(169, 169), 338); }

#[test]
fn integration_case_170() { assert_eq!(add(170, 170), 340); }

#[test]
fn integration_case_171() { assert_eq!(add(171, 171), 342); }

#[test]
fn integration_case_172() { assert_eq!(add(172, 172), 344); }

#[test]
fn integration_case_173() { assert_eq!(add(173, 173), 346); }

#[test]
fn integration_case_174() { assert_eq!(add(174, 174), 348); }

#[test]
fn integration_case_175() { assert_eq!(add(175, 175), 350); }

#[test]
fn integration_case_176() { assert_eq!(add(176, 176), 352); }

#[test]
fn integration_case_177() { assert_eq!(add(177, 177), 354); }

#[test]
fn integration_case_178() { assert_eq!(add(178, 178), 356); }

#[test]
fn integration_case_179() { assert_eq!(add(179, 179), 358); }

#[test]
fn integration_case_180() { assert_eq!(add(180, 180), 360); }

#[test]
fn integration_case_181() { assert_eq!(add(181, 181), 362); }

#[test]
fn integration_case_182() { assert_eq!(add(182, 182), 364); }

#[test]
fn integration_case_183() { assert_eq!(add(183, 183), 366); }

#[test]
fn integration_case_184() { assert_eq!(add(184, 184), 368); }

#[test]
fn integration_case_185() { assert_eq!(add(185, 185), 370); }

#[test]
fn integration_case_186() { assert_eq!(add(186, 186), 372); }

#[test]
fn integration_case_187() { assert_eq!(add(187, 187), 374); }

#[test]
fn integration_case_188() { assert_eq!(add(188, 188), 376); }

#[test]
fn integration_case_189() { assert_eq!(add(189, 189), 378); }

#[test]
fn integration_case_190() { assert_eq!(add(190, 190), 380); }

#[test]
fn integration_case_191() { assert_eq!(add(191, 191), 382); }

#[test]
fn integration_case_192() { assert_eq!(add(192, 192), 384); }

#[test]
fn integration_case_193() { assert_eq!(add(193, 193), 386); }

#[test]
fn integration_case_194() { assert_eq!(add(194, 194), 388); }

#[test]
fn integration_case_195() { assert_eq!(add(195, 195), 390); }

#[test]
fn integration_case_196() { assert_eq!(add(196, 196), 392); }

#[test]
fn integration_case_197() { assert_eq!(add(197, 197), 394); }

#[test]
fn integration_case_198() { assert_eq!(add(198, 198), 396); }

#[test]
fn integration_case_199() { assert_eq!(add(199, 199), 398); }

#[test]
fn integration_case_200() { assert_eq!(add(200, 200), 400); }

#[test]
fn integration_case_201() { assert_eq!(add(201, 201), 402); }

#[test]
fn integration_case_202() { assert_eq!(add(202, 202), 404); }

#[test]
fn integration_case_203() { assert_eq!(add(203, 203), 406); }

#[test]
fn integration_case_204() { assert_eq!(add(204, 204), 408); }

#[test]
fn integration_case_205() { assert_eq!(add(205, 205), 410); }

#[test]
fn integration_case_206() { assert_eq!(add(206, 206), 412); }

#[test]
fn integration_case_207() { assert_eq!(add(207, 207), 414); }

#[test]
fn integration_case_208() { assert_eq!(add(208, 208), 416); }

#[test]
fn integration_case_209() { assert_eq!(add(209, 209), 418); }

#[test]
fn integration_case_210() { assert_eq!(add(210, 210), 420); }

#[test]
fn integration_case_211() { assert_eq!(add(211, 211), 422); }

#[test]
fn integration_case_212() { assert_eq!(add(212, 212), 424); }

#[test]
fn integration_case_213() { assert_eq!(add(213, 213), 426); }

#[test]
fn integration_case_214() { assert_eq!(add(214, 214), 428); }

#[test]
fn integration_case_215() { assert_eq!(add(215, 215), 430); }

#[test]
fn integration_case_216() { assert_eq!(add(216, 216), 432); }

#[test]
fn integration_case_217() { assert_eq!(add(217, 217), 434); }

#[test]
fn integration_case_218() { assert_eq!(add(218, 218), 436); }

#[test]
fn integration_case_219() { assert_eq!(add(219, 219), 438); }

#[test]
fn integration_case_220() { assert_eq!(add(220, 220), 440); }

#[test]
fn integration_case_221() { assert_eq!(add(221, 221), 442); }

#[test]
fn integration_case_222() { assert_eq!(add(222, 222), 444); }

#[test]
fn integration_case_223() { assert_eq!(add(223, 223), 446); }

#[test]
fn integration_case_224() { assert_eq!(add(224, 224), 448); }

#[test]
fn integration_case_225() { assert_eq!(add(225, 225), 450); }

#[test]
fn integration_case_226() { assert_eq!(add(226, 226), 452); }

#[test]
fn integration_case_227() { assert_eq!(add(227, 227), 454); }

#[test]
fn integration_case_228() { assert_eq!(add(228, 228), 456); }

#[test]
fn integration_case_229() { assert_eq!(add(229, 229), 458); }

#[test]
fn integration_case_230() { assert_eq!(add(230, 230), 460); }

#[test]
fn integration_case_231() { assert_eq!(add(231, 231), 462); }

#[test]
fn integration_case_232() { assert_eq!(add(232, 232), 464); }

#[test]
fn integration_case_233() { assert_eq!(add(233, 233), 466); }

#[test]
fn integration_case_234() { assert_eq!(add(234, 234), 468); }

#[test]
fn integration_case_235() { assert_eq!(add(235, 235), 470); }

#[test]
fn integration_case_236() { assert_eq!(add(236, 236), 472); }

#[test]
fn integration_case_237() { assert_eq!(add(237, 237), 474); }

#[test]
fn integration_case_238() { assert_eq!(add(238, 238), 476); }

#[test]
fn integration_case_239() { assert_eq!(add(239, 239), 478); }

#[test]
fn integration_case_240() { assert_eq!(add(240, 240), 480); }

#[test]
fn integration_case_241() { assert_eq!(add(241, 241), 482); }

#[test]
fn integration_case_242() { assert_eq!(add(242, 242), 484); }

#[test]
fn integration_case_243() { assert_eq!(add(243, 243), 486); }

#[test]
fn integration_case_244() { assert_eq!(add(244, 244), 488); }

#[test]
fn integration_case_245() { assert_eq!(add(245, 245), 490); }

#[test]
fn integration_case_246() { assert_eq!(add(246, 246), 492); }

#[test]
fn integration_case_247() { assert_eq!(add(247, 247), 494); }

#[test]
fn integration_case_248() { assert_eq!(add(248, 248), 496); }

#[test]
fn integration_case_249() { assert_eq!(add(249, 249), 498); }

#[test]
fn integration_case_250() { assert_eq!(add(250, 250), 500); }

#[test]
fn integration_case_251() { assert_eq!(add(251, 251), 502); }

#[test]
fn integration_case_252() { assert_eq!(add(252, 252), 504); }

#[test]
fn integration_case_253() { assert_eq!(add(253, 253), 506); }

#[test]
fn integration_case_254() { assert_eq!(add(254, 254), 508); }

#[test]
fn integration_case_255() { assert_eq!(add(255, 255), 510); }

#[test]
fn integration_case_256() { assert_eq!(add(256, 256), 512); }

#[test]
fn integration_case_257() { assert_eq!(add(257, 257), 514); }

#[test]
fn integration_case_258() { assert_eq!(add(258, 258), 516); }

#[test]
fn integration_case_259() { assert_eq!(add(259, 259), 518); }

#[test]
fn integration_case_260() { assert_eq!(add(260, 260), 520); }

#[test]
fn integration_case_261() { assert_eq!(add(261, 261), 522); }

#[test]
fn integration_case_262() { assert_eq!(add(262, 262), 524); }

#[test]
fn integration_case_263() { assert_eq!(add(263, 263), 526); }

#[test]
fn integration_case_264() { assert_eq!(add(264, 264), 528); }

#[test]
fn integration_case_265() { assert_eq!(add(265, 265), 530); }

#[test]
fn integration_case_266() { assert_eq!(add(266, 266), 532); }

#[test]
fn integration_case_267() { assert_eq!(add(267, 267), 534); }

#[test]
fn integration_case_268() { assert_eq!(add(268, 268), 536); }

#[test]
fn integration_case_269() { assert_eq!(add(269, 269), 538); }

#[test]
fn integration_case_270() { assert_eq!(add(270, 270), 540); }

#[test]
fn integration_case_271() { assert_eq!(add(271, 271), 542); }

#[test]
fn integration_case_272() { assert_eq!(add(272, 272), 544); }

#[test]
fn integration_case_273() { assert_eq!(add(273, 273), 546); }

#[test]
fn integration_case_274() { assert_eq!(add(274, 274), 548); }

#[test]
fn integration_case_275() { assert_eq!(add(275, 275), 550); }

#[test]
fn integration_case_276() { assert_eq!(add(276, 276), 552); }

#[test]
fn integration_case_277() { assert_eq!(add(277, 277), 554); }

#[test]
fn integration_case_278() { assert_eq!(add(278, 278), 556); }

#[test]
fn integration_case_279() { assert_eq!(add(279, 279), 558); }

#[test]
fn integration_case_280() { assert_eq!(add(280, 280), 560); }

#[test]
fn integration_case_281() { assert_eq!(add(281, 281), 562); }

#[test]
fn integration_case_282() { assert_eq!(add(282, 282), 564); }

#[test]
fn integration_case_283() { assert_eq!(add(283, 283), 566); }

#[test]
fn integration_case_284() { assert_eq!(add(284, 284), 568); }

#[test]
fn integration_case_285() { assert_eq!(add(285, 285), 570); }

#[test]
fn integration_case_286() { assert_eq!(add(286, 286), 572); }

#[test]
fn integration_case_287() { assert_eq!(add(287, 287), 574); }

#[test]
fn integration_case_288() { assert_eq!(add(288, 288), 576); }

#[test]
fn integration_case_289() { assert_eq!(add(289, 289), 578); }

#[test]
fn integration_case_290() { assert_eq!(add(290, 290), 580); }

#[test]
fn integration_case_291() { assert_eq!(add(291, 291), 582); }

#[test]
fn integration_case_292() { assert_eq!(add(292, 292), 584); }

#[test]
fn integration_case_293() { assert_eq!(add(293, 293), 586); }

#[test]
fn integration_case_294() { assert_eq!(add(294, 294), 588); }

#[test]
fn integration_case_295() { assert_eq!(add(295, 295), 590); }

#[test]
fn integration_case_296() { assert_eq!(add(296, 296), 592); }

#[test]
fn integration_case_297() { assert_eq!(add(297, 297), 594); }

#[test]
fn integration_case_298() { assert_eq!(add(298, 298), 596); }

#[test]
fn integration_case_299() { assert_eq!(add(299, 299), 598); }
