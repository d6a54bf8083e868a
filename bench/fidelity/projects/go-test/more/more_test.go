package more

import "testing"

func TestDoubleCase0(t *testing.T) {
	if Double(0) != 0 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase1(t *testing.T) {
	if Double(1) != 2 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase2(t *testing.T) {
	if Double(2) != 4 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase3(t *testing.T) {
	if Double(3) != 6 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase4(t *testing.T) {
	if Double(4) != 8 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase5(t *testing.T) {
	if Double(5) != 10 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase6(t *testing.T) {
	if Double(6) != 12 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase7(t *testing.T) {
	if Double(7) != 14 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase8(t *testing.T) {
	if Double(8) != 16 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase9(t *testing.T) {
	if Double(9) != 18 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase10(t *testing.T) {
	if Double(10) != 20 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase11(t *testing.T) {
	if Double(11) != 22 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase12(t *testing.T) {
	if Double(12) != 24 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase13(t *testing.T) {
	if Double(13) != 26 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase14(t *testing.T) {
	if Double(14) != 28 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase15(t *testing.T) {
	if Double(15) != 30 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase16(t *testing.T) {
	if Double(16) != 32 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase17(t *testing.T) {
	if Double(17) != 34 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase18(t *testing.T) {
	if Double(18) != 36 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase19(t *testing.T) {
	if Double(19) != 38 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase20(t *testing.T) {
	if Double(20) != 40 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase21(t *testing.T) {
	if Double(21) != 42 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase22(t *testing.T) {
	if Double(22) != 44 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase23(t *testing.T) {
	if Double(23) != 46 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase24(t *testing.T) {
	if Double(24) != 48 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase25(t *testing.T) {
	if Double(25) != 50 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase26(t *testing.T) {
	if Double(26) != 52 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase27(t *testing.T) {
	if Double(27) != 54 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase28(t *testing.T) {
	if Double(28) != 56 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase29(t *testing.T) {
	if Double(29) != 58 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase30(t *testing.T) {
	if Double(30) != 60 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase31(t *testing.T) {
	if Double(31) != 62 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase32(t *testing.T) {
	if Double(32) != 64 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase33(t *testing.T) {
	if Double(33) != 66 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase34(t *testing.T) {
	if Double(34) != 68 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase35(t *testing.T) {
	if Double(35) != 70 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase36(t *testing.T) {
	if Double(36) != 72 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase37(t *testing.T) {
	if Double(37) != 74 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase38(t *testing.T) {
	if Double(38) != 76 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase39(t *testing.T) {
	if Double(39) != 78 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase40(t *testing.T) {
	if Double(40) != 80 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase41(t *testing.T) {
	if Double(41) != 82 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase42(t *testing.T) {
	if Double(42) != 84 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase43(t *testing.T) {
	if Double(43) != 86 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase44(t *testing.T) {
	if Double(44) != 88 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase45(t *testing.T) {
	if Double(45) != 90 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase46(t *testing.T) {
	if Double(46) != 92 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase47(t *testing.T) {
	if Double(47) != 94 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase48(t *testing.T) {
	if Double(48) != 96 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase49(t *testing.T) {
	if Double(49) != 98 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase50(t *testing.T) {
	if Double(50) != 100 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase51(t *testing.T) {
	if Double(51) != 102 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase52(t *testing.T) {
	if Double(52) != 104 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase53(t *testing.T) {
	if Double(53) != 106 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase54(t *testing.T) {
	if Double(54) != 108 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase55(t *testing.T) {
	if Double(55) != 110 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase56(t *testing.T) {
	if Double(56) != 112 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase57(t *testing.T) {
	if Double(57) != 114 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase58(t *testing.T) {
	if Double(58) != 116 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase59(t *testing.T) {
	if Double(59) != 118 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase60(t *testing.T) {
	if Double(60) != 120 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase61(t *testing.T) {
	if Double(61) != 122 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase62(t *testing.T) {
	if Double(62) != 124 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase63(t *testing.T) {
	if Double(63) != 126 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase64(t *testing.T) {
	if Double(64) != 128 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase65(t *testing.T) {
	if Double(65) != 130 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase66(t *testing.T) {
	if Double(66) != 132 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase67(t *testing.T) {
	if Double(67) != 134 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase68(t *testing.T) {
	if Double(68) != 136 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase69(t *testing.T) {
	if Double(69) != 138 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase70(t *testing.T) {
	if Double(70) != 140 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase71(t *testing.T) {
	if Double(71) != 142 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase72(t *testing.T) {
	if Double(72) != 144 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase73(t *testing.T) {
	if Double(73) != 146 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase74(t *testing.T) {
	if Double(74) != 148 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase75(t *testing.T) {
	if Double(75) != 150 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase76(t *testing.T) {
	if Double(76) != 152 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase77(t *testing.T) {
	if Double(77) != 154 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase78(t *testing.T) {
	if Double(78) != 156 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase79(t *testing.T) {
	if Double(79) != 158 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase80(t *testing.T) {
	if Double(80) != 160 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase81(t *testing.T) {
	if Double(81) != 162 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase82(t *testing.T) {
	if Double(82) != 164 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase83(t *testing.T) {
	if Double(83) != 166 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase84(t *testing.T) {
	if Double(84) != 168 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase85(t *testing.T) {
	if Double(85) != 170 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase86(t *testing.T) {
	if Double(86) != 172 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase87(t *testing.T) {
	if Double(87) != 174 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase88(t *testing.T) {
	if Double(88) != 176 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase89(t *testing.T) {
	if Double(89) != 178 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase90(t *testing.T) {
	if Double(90) != 180 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase91(t *testing.T) {
	if Double(91) != 182 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase92(t *testing.T) {
	if Double(92) != 184 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase93(t *testing.T) {
	if Double(93) != 186 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase94(t *testing.T) {
	if Double(94) != 188 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase95(t *testing.T) {
	if Double(95) != 190 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase96(t *testing.T) {
	if Double(96) != 192 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase97(t *testing.T) {
	if Double(97) != 194 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase98(t *testing.T) {
	if Double(98) != 196 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase99(t *testing.T) {
	if Double(99) != 198 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase100(t *testing.T) {
	if Double(100) != 200 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase101(t *testing.T) {
	if Double(101) != 202 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase102(t *testing.T) {
	if Double(102) != 204 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase103(t *testing.T) {
	if Double(103) != 206 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase104(t *testing.T) {
	if Double(104) != 208 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase105(t *testing.T) {
	if Double(105) != 210 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase106(t *testing.T) {
	if Double(106) != 212 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase107(t *testing.T) {
	if Double(107) != 214 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase108(t *testing.T) {
	if Double(108) != 216 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase109(t *testing.T) {
	if Double(109) != 218 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase110(t *testing.T) {
	if Double(110) != 220 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase111(t *testing.T) {
	if Double(111) != 222 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase112(t *testing.T) {
	if Double(112) != 224 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase113(t *testing.T) {
	if Double(113) != 226 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase114(t *testing.T) {
	if Double(114) != 228 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase115(t *testing.T) {
	if Double(115) != 230 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase116(t *testing.T) {
	if Double(116) != 232 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase117(t *testing.T) {
	if Double(117) != 234 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase118(t *testing.T) {
	if Double(118) != 236 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase119(t *testing.T) {
	if Double(119) != 238 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase120(t *testing.T) {
	if Double(120) != 240 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase121(t *testing.T) {
	if Double(121) != 242 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase122(t *testing.T) {
	if Double(122) != 244 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase123(t *testing.T) {
	if Double(123) != 246 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase124(t *testing.T) {
	if Double(124) != 248 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase125(t *testing.T) {
	if Double(125) != 250 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase126(t *testing.T) {
	if Double(126) != 252 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase127(t *testing.T) {
	if Double(127) != 254 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase128(t *testing.T) {
	if Double(128) != 256 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase129(t *testing.T) {
	if Double(129) != 258 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase130(t *testing.T) {
	if Double(130) != 260 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase131(t *testing.T) {
	if Double(131) != 262 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase132(t *testing.T) {
	if Double(132) != 264 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase133(t *testing.T) {
	if Double(133) != 266 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase134(t *testing.T) {
	if Double(134) != 268 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase135(t *testing.T) {
	if Double(135) != 270 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase136(t *testing.T) {
	if Double(136) != 272 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase137(t *testing.T) {
	if Double(137) != 274 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase138(t *testing.T) {
	if Double(138) != 276 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase139(t *testing.T) {
	if Double(139) != 278 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase140(t *testing.T) {
	if Double(140) != 280 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase141(t *testing.T) {
	if Double(141) != 282 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase142(t *testing.T) {
	if Double(142) != 284 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase143(t *testing.T) {
	if Double(143) != 286 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase144(t *testing.T) {
	if Double(144) != 288 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase145(t *testing.T) {
	if Double(145) != 290 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase146(t *testing.T) {
	if Double(146) != 292 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase147(t *testing.T) {
	if Double(147) != 294 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase148(t *testing.T) {
	if Double(148) != 296 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase149(t *testing.T) {
	if Double(149) != 298 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase150(t *testing.T) {
	if Double(150) != 300 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase151(t *testing.T) {
	if Double(151) != 302 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase152(t *testing.T) {
	if Double(152) != 304 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase153(t *testing.T) {
	if Double(153) != 306 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase154(t *testing.T) {
	if Double(154) != 308 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase155(t *testing.T) {
	if Double(155) != 310 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase156(t *testing.T) {
	if Double(156) != 312 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase157(t *testing.T) {
	if Double(157) != 314 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase158(t *testing.T) {
	if Double(158) != 316 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase159(t *testing.T) {
	if Double(159) != 318 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase160(t *testing.T) {
	if Double(160) != 320 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase161(t *testing.T) {
	if Double(161) != 322 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase162(t *testing.T) {
	if Double(162) != 324 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase163(t *testing.T) {
	if Double(163) != 326 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase164(t *testing.T) {
	if Double(164) != 328 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase165(t *testing.T) {
	if Double(165) != 330 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase166(t *testing.T) {
	if Double(166) != 332 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase167(t *testing.T) {
	if Double(167) != 334 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase168(t *testing.T) {
	if Double(168) != 336 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase169(t *testing.T) {
	if Double(169) != 338 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase170(t *testing.T) {
	if Double(170) != 340 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase171(t *testing.T) {
	if Double(171) != 342 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase172(t *testing.T) {
	if Double(172) != 344 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase173(t *testing.T) {
	if Double(173) != 346 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase174(t *testing.T) {
	if Double(174) != 348 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase175(t *testing.T) {
	if Double(175) != 350 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase176(t *testing.T) {
	if Double(176) != 352 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase177(t *testing.T) {
	if Double(177) != 354 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase178(t *testing.T) {
	if Double(178) != 356 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase179(t *testing.T) {
	if Double(179) != 358 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase180(t *testing.T) {
	if Double(180) != 360 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase181(t *testing.T) {
	if Double(181) != 362 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase182(t *testing.T) {
	if Double(182) != 364 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase183(t *testing.T) {
	if Double(183) != 366 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase184(t *testing.T) {
	if Double(184) != 368 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase185(t *testing.T) {
	if Double(185) != 370 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase186(t *testing.T) {
	if Double(186) != 372 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase187(t *testing.T) {
	if Double(187) != 374 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase188(t *testing.T) {
	if Double(188) != 376 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase189(t *testing.T) {
	if Double(189) != 378 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase190(t *testing.T) {
	if Double(190) != 380 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase191(t *testing.T) {
	if Double(191) != 382 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase192(t *testing.T) {
	if Double(192) != 384 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase193(t *testing.T) {
	if Double(193) != 386 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase194(t *testing.T) {
	if Double(194) != 388 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase195(t *testing.T) {
	if Double(195) != 390 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase196(t *testing.T) {
	if Double(196) != 392 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase197(t *testing.T) {
	if Double(197) != 394 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase198(t *testing.T) {
	if Double(198) != 396 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase199(t *testing.T) {
	if Double(199) != 398 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase200(t *testing.T) {
	if Double(200) != 400 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase201(t *testing.T) {
	if Double(201) != 402 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase202(t *testing.T) {
	if Double(202) != 404 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase203(t *testing.T) {
	if Double(203) != 406 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase204(t *testing.T) {
	if Double(204) != 408 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase205(t *testing.T) {
	if Double(205) != 410 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase206(t *testing.T) {
	if Double(206) != 412 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase207(t *testing.T) {
	if Double(207) != 414 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase208(t *testing.T) {
	if Double(208) != 416 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase209(t *testing.T) {
	if Double(209) != 418 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase210(t *testing.T) {
	if Double(210) != 420 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase211(t *testing.T) {
	if Double(211) != 422 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase212(t *testing.T) {
	if Double(212) != 424 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase213(t *testing.T) {
	if Double(213) != 426 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase214(t *testing.T) {
	if Double(214) != 428 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase215(t *testing.T) {
	if Double(215) != 430 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase216(t *testing.T) {
	if Double(216) != 432 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase217(t *testing.T) {
	if Double(217) != 434 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase218(t *testing.T) {
	if Double(218) != 436 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase219(t *testing.T) {
	if Double(219) != 438 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase220(t *testing.T) {
	if Double(220) != 440 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase221(t *testing.T) {
	if Double(221) != 442 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase222(t *testing.T) {
	if Double(222) != 444 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase223(t *testing.T) {
	if Double(223) != 446 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase224(t *testing.T) {
	if Double(224) != 448 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase225(t *testing.T) {
	if Double(225) != 450 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase226(t *testing.T) {
	if Double(226) != 452 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase227(t *testing.T) {
	if Double(227) != 454 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase228(t *testing.T) {
	if Double(228) != 456 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase229(t *testing.T) {
	if Double(229) != 458 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase230(t *testing.T) {
	if Double(230) != 460 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase231(t *testing.T) {
	if Double(231) != 462 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase232(t *testing.T) {
	if Double(232) != 464 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase233(t *testing.T) {
	if Double(233) != 466 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase234(t *testing.T) {
	if Double(234) != 468 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase235(t *testing.T) {
	if Double(235) != 470 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase236(t *testing.T) {
	if Double(236) != 472 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase237(t *testing.T) {
	if Double(237) != 474 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase238(t *testing.T) {
	if Double(238) != 476 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase239(t *testing.T) {
	if Double(239) != 478 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase240(t *testing.T) {
	if Double(240) != 480 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase241(t *testing.T) {
	if Double(241) != 482 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase242(t *testing.T) {
	if Double(242) != 484 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase243(t *testing.T) {
	if Double(243) != 486 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase244(t *testing.T) {
	if Double(244) != 488 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase245(t *testing.T) {
	if Double(245) != 490 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase246(t *testing.T) {
	if Double(246) != 492 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase247(t *testing.T) {
	if Double(247) != 494 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase248(t *testing.T) {
	if Double(248) != 496 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase249(t *testing.T) {
	if Double(249) != 498 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase250(t *testing.T) {
	if Double(250) != 500 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase251(t *testing.T) {
	if Double(251) != 502 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase252(t *testing.T) {
	if Double(252) != 504 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase253(t *testing.T) {
	if Double(253) != 506 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase254(t *testing.T) {
	if Double(254) != 508 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase255(t *testing.T) {
	if Double(255) != 510 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase256(t *testing.T) {
	if Double(256) != 512 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase257(t *testing.T) {
	if Double(257) != 514 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase258(t *testing.T) {
	if Double(258) != 516 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase259(t *testing.T) {
	if Double(259) != 518 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase260(t *testing.T) {
	if Double(260) != 520 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase261(t *testing.T) {
	if Double(261) != 522 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase262(t *testing.T) {
	if Double(262) != 524 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase263(t *testing.T) {
	if Double(263) != 526 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase264(t *testing.T) {
	if Double(264) != 528 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase265(t *testing.T) {
	if Double(265) != 530 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase266(t *testing.T) {
	if Double(266) != 532 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase267(t *testing.T) {
	if Double(267) != 534 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase268(t *testing.T) {
	if Double(268) != 536 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase269(t *testing.T) {
	if Double(269) != 538 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase270(t *testing.T) {
	if Double(270) != 540 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase271(t *testing.T) {
	if Double(271) != 542 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase272(t *testing.T) {
	if Double(272) != 544 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase273(t *testing.T) {
	if Double(273) != 546 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase274(t *testing.T) {
	if Double(274) != 548 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase275(t *testing.T) {
	if Double(275) != 550 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase276(t *testing.T) {
	if Double(276) != 552 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase277(t *testing.T) {
	if Double(277) != 554 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase278(t *testing.T) {
	if Double(278) != 556 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase279(t *testing.T) {
	if Double(279) != 558 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase280(t *testing.T) {
	if Double(280) != 560 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase281(t *testing.T) {
	if Double(281) != 562 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase282(t *testing.T) {
	if Double(282) != 564 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase283(t *testing.T) {
	if Double(283) != 566 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase284(t *testing.T) {
	if Double(284) != 568 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase285(t *testing.T) {
	if Double(285) != 570 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase286(t *testing.T) {
	if Double(286) != 572 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase287(t *testing.T) {
	if Double(287) != 574 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase288(t *testing.T) {
	if Double(288) != 576 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase289(t *testing.T) {
	if Double(289) != 578 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase290(t *testing.T) {
	if Double(290) != 580 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase291(t *testing.T) {
	if Double(291) != 582 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase292(t *testing.T) {
	if Double(292) != 584 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase293(t *testing.T) {
	if Double(293) != 586 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase294(t *testing.T) {
	if Double(294) != 588 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase295(t *testing.T) {
	if Double(295) != 590 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase296(t *testing.T) {
	if Double(296) != 592 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase297(t *testing.T) {
	if Double(297) != 594 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase298(t *testing.T) {
	if Double(298) != 596 {
		t.Fatal("wrong")
	}
}

func TestDoubleCase299(t *testing.T) {
	if Double(299) != 598 {
		t.Fatal("wrong")
	}
}
