package stats

import "testing"

func TestMedianCase0(t *testing.T) {
	if got := Median([]int{0, 0, 0}); got != 0 {
		t.Errorf("Median = %d, want %d", got, 0)
	}
}

func TestMedianCase1(t *testing.T) {
	if got := Median([]int{1, 1, 1}); got != 1 {
		t.Errorf("Median = %d, want %d", got, 1)
	}
}

func TestMedianCase2(t *testing.T) {
	if got := Median([]int{2, 2, 2}); got != 2 {
		t.Errorf("Median = %d, want %d", got, 2)
	}
}

func TestMedianCase3(t *testing.T) {
	if got := Median([]int{3, 3, 3}); got != 3 {
		t.Errorf("Median = %d, want %d", got, 3)
	}
}

func TestMedianCase4(t *testing.T) {
	if got := Median([]int{4, 4, 4}); got != 4 {
		t.Errorf("Median = %d, want %d", got, 4)
	}
}

func TestMedianCase5(t *testing.T) {
	if got := Median([]int{5, 5, 5}); got != 5 {
		t.Errorf("Median = %d, want %d", got, 5)
	}
}

func TestMedianCase6(t *testing.T) {
	if got := Median([]int{6, 6, 6}); got != 6 {
		t.Errorf("Median = %d, want %d", got, 6)
	}
}

func TestMedianCase7(t *testing.T) {
	if got := Median([]int{7, 7, 7}); got != 7 {
		t.Errorf("Median = %d, want %d", got, 7)
	}
}

func TestMedianCase8(t *testing.T) {
	if got := Median([]int{8, 8, 8}); got != 8 {
		t.Errorf("Median = %d, want %d", got, 8)
	}
}

func TestMedianCase9(t *testing.T) {
	if got := Median([]int{9, 9, 9}); got != 9 {
		t.Errorf("Median = %d, want %d", got, 9)
	}
}

func TestMedianCase10(t *testing.T) {
	if got := Median([]int{10, 10, 10}); got != 10 {
		t.Errorf("Median = %d, want %d", got, 10)
	}
}

func TestMedianCase11(t *testing.T) {
	if got := Median([]int{11, 11, 11}); got != 11 {
		t.Errorf("Median = %d, want %d", got, 11)
	}
}

func TestMedianCase12(t *testing.T) {
	if got := Median([]int{12, 12, 12}); got != 12 {
		t.Errorf("Median = %d, want %d", got, 12)
	}
}

func TestMedianCase13(t *testing.T) {
	if got := Median([]int{13, 13, 13}); got != 13 {
		t.Errorf("Median = %d, want %d", got, 13)
	}
}

func TestMedianCase14(t *testing.T) {
	if got := Median([]int{14, 14, 14}); got != 14 {
		t.Errorf("Median = %d, want %d", got, 14)
	}
}

func TestMedianCase15(t *testing.T) {
	if got := Median([]int{15, 15, 15}); got != 15 {
		t.Errorf("Median = %d, want %d", got, 15)
	}
}

func TestMedianCase16(t *testing.T) {
	if got := Median([]int{16, 16, 16}); got != 16 {
		t.Errorf("Median = %d, want %d", got, 16)
	}
}

func TestMedianCase17(t *testing.T) {
	if got := Median([]int{17, 17, 17}); got != 17 {
		t.Errorf("Median = %d, want %d", got, 17)
	}
}

func TestMedianCase18(t *testing.T) {
	if got := Median([]int{18, 18, 18}); got != 18 {
		t.Errorf("Median = %d, want %d", got, 18)
	}
}

func TestMedianCase19(t *testing.T) {
	if got := Median([]int{19, 19, 19}); got != 19 {
		t.Errorf("Median = %d, want %d", got, 19)
	}
}

func TestMedianCase20(t *testing.T) {
	if got := Median([]int{20, 20, 20}); got != 20 {
		t.Errorf("Median = %d, want %d", got, 20)
	}
}

func TestMedianCase21(t *testing.T) {
	if got := Median([]int{21, 21, 21}); got != 21 {
		t.Errorf("Median = %d, want %d", got, 21)
	}
}

func TestMedianCase22(t *testing.T) {
	if got := Median([]int{22, 22, 22}); got != 22 {
		t.Errorf("Median = %d, want %d", got, 22)
	}
}

func TestMedianCase23(t *testing.T) {
	if got := Median([]int{23, 23, 23}); got != 23 {
		t.Errorf("Median = %d, want %d", got, 23)
	}
}

func TestMedianCase24(t *testing.T) {
	if got := Median([]int{24, 24, 24}); got != 24 {
		t.Errorf("Median = %d, want %d", got, 24)
	}
}

func TestMedianCase25(t *testing.T) {
	if got := Median([]int{25, 25, 25}); got != 25 {
		t.Errorf("Median = %d, want %d", got, 25)
	}
}

func TestMedianCase26(t *testing.T) {
	if got := Median([]int{26, 26, 26}); got != 26 {
		t.Errorf("Median = %d, want %d", got, 26)
	}
}

func TestMedianCase27(t *testing.T) {
	if got := Median([]int{27, 27, 27}); got != 27 {
		t.Errorf("Median = %d, want %d", got, 27)
	}
}

func TestMedianCase28(t *testing.T) {
	if got := Median([]int{28, 28, 28}); got != 28 {
		t.Errorf("Median = %d, want %d", got, 28)
	}
}

func TestMedianCase29(t *testing.T) {
	if got := Median([]int{29, 29, 29}); got != 29 {
		t.Errorf("Median = %d, want %d", got, 29)
	}
}

func TestMedianCase30(t *testing.T) {
	if got := Median([]int{30, 30, 30}); got != 30 {
		t.Errorf("Median = %d, want %d", got, 30)
	}
}

func TestMedianCase31(t *testing.T) {
	if got := Median([]int{31, 31, 31}); got != 31 {
		t.Errorf("Median = %d, want %d", got, 31)
	}
}

func TestMedianCase32(t *testing.T) {
	if got := Median([]int{32, 32, 32}); got != 32 {
		t.Errorf("Median = %d, want %d", got, 32)
	}
}

func TestMedianCase33(t *testing.T) {
	if got := Median([]int{33, 33, 33}); got != 33 {
		t.Errorf("Median = %d, want %d", got, 33)
	}
}

func TestMedianCase34(t *testing.T) {
	if got := Median([]int{34, 34, 34}); got != 34 {
		t.Errorf("Median = %d, want %d", got, 34)
	}
}

func TestMedianCase35(t *testing.T) {
	if got := Median([]int{35, 35, 35}); got != 35 {
		t.Errorf("Median = %d, want %d", got, 35)
	}
}

func TestMedianCase36(t *testing.T) {
	if got := Median([]int{36, 36, 36}); got != 36 {
		t.Errorf("Median = %d, want %d", got, 36)
	}
}

func TestMedianCase37(t *testing.T) {
	if got := Median([]int{37, 37, 37}); got != 37 {
		t.Errorf("Median = %d, want %d", got, 37)
	}
}

func TestMedianCase38(t *testing.T) {
	if got := Median([]int{38, 38, 38}); got != 38 {
		t.Errorf("Median = %d, want %d", got, 38)
	}
}

func TestMedianCase39(t *testing.T) {
	if got := Median([]int{39, 39, 39}); got != 39 {
		t.Errorf("Median = %d, want %d", got, 39)
	}
}

func TestMedianCase40(t *testing.T) {
	if got := Median([]int{40, 40, 40}); got != 40 {
		t.Errorf("Median = %d, want %d", got, 40)
	}
}

func TestMedianCase41(t *testing.T) {
	if got := Median([]int{41, 41, 41}); got != 41 {
		t.Errorf("Median = %d, want %d", got, 41)
	}
}

func TestMedianCase42(t *testing.T) {
	if got := Median([]int{42, 42, 42}); got != 42 {
		t.Errorf("Median = %d, want %d", got, 42)
	}
}

func TestMedianCase43(t *testing.T) {
	if got := Median([]int{43, 43, 43}); got != 43 {
		t.Errorf("Median = %d, want %d", got, 43)
	}
}

func TestMedianCase44(t *testing.T) {
	if got := Median([]int{44, 44, 44}); got != 44 {
		t.Errorf("Median = %d, want %d", got, 44)
	}
}

func TestMedianCase45(t *testing.T) {
	if got := Median([]int{45, 45, 45}); got != 45 {
		t.Errorf("Median = %d, want %d", got, 45)
	}
}

func TestMedianCase46(t *testing.T) {
	if got := Median([]int{46, 46, 46}); got != 46 {
		t.Errorf("Median = %d, want %d", got, 46)
	}
}

func TestMedianCase47(t *testing.T) {
	if got := Median([]int{47, 47, 47}); got != 47 {
		t.Errorf("Median = %d, want %d", got, 47)
	}
}

func TestMedianCase48(t *testing.T) {
	if got := Median([]int{48, 48, 48}); got != 48 {
		t.Errorf("Median = %d, want %d", got, 48)
	}
}

func TestMedianCase49(t *testing.T) {
	if got := Median([]int{49, 49, 49}); got != 49 {
		t.Errorf("Median = %d, want %d", got, 49)
	}
}

func TestMedianCase50(t *testing.T) {
	if got := Median([]int{50, 50, 50}); got != 50 {
		t.Errorf("Median = %d, want %d", got, 50)
	}
}

func TestMedianCase51(t *testing.T) {
	if got := Median([]int{51, 51, 51}); got != 51 {
		t.Errorf("Median = %d, want %d", got, 51)
	}
}

func TestMedianCase52(t *testing.T) {
	if got := Median([]int{52, 52, 52}); got != 52 {
		t.Errorf("Median = %d, want %d", got, 52)
	}
}

func TestMedianCase53(t *testing.T) {
	if got := Median([]int{53, 53, 53}); got != 53 {
		t.Errorf("Median = %d, want %d", got, 53)
	}
}

func TestMedianCase54(t *testing.T) {
	if got := Median([]int{54, 54, 54}); got != 54 {
		t.Errorf("Median = %d, want %d", got, 54)
	}
}

func TestMedianCase55(t *testing.T) {
	if got := Median([]int{55, 55, 55}); got != 55 {
		t.Errorf("Median = %d, want %d", got, 55)
	}
}

func TestMedianCase56(t *testing.T) {
	if got := Median([]int{56, 56, 56}); got != 56 {
		t.Errorf("Median = %d, want %d", got, 56)
	}
}

func TestMedianCase57(t *testing.T) {
	if got := Median([]int{57, 57, 57}); got != 57 {
		t.Errorf("Median = %d, want %d", got, 57)
	}
}

func TestMedianCase58(t *testing.T) {
	if got := Median([]int{58, 58, 58}); got != 58 {
		t.Errorf("Median = %d, want %d", got, 58)
	}
}

func TestMedianCase59(t *testing.T) {
	if got := Median([]int{59, 59, 59}); got != 59 {
		t.Errorf("Median = %d, want %d", got, 59)
	}
}

func TestMedianCase60(t *testing.T) {
	if got := Median([]int{60, 60, 60}); got != 60 {
		t.Errorf("Median = %d, want %d", got, 60)
	}
}

func TestMedianCase61(t *testing.T) {
	if got := Median([]int{61, 61, 61}); got != 61 {
		t.Errorf("Median = %d, want %d", got, 61)
	}
}

func TestMedianCase62(t *testing.T) {
	if got := Median([]int{62, 62, 62}); got != 62 {
		t.Errorf("Median = %d, want %d", got, 62)
	}
}

func TestMedianCase63(t *testing.T) {
	if got := Median([]int{63, 63, 63}); got != 63 {
		t.Errorf("Median = %d, want %d", got, 63)
	}
}

func TestMedianCase64(t *testing.T) {
	if got := Median([]int{64, 64, 64}); got != 64 {
		t.Errorf("Median = %d, want %d", got, 64)
	}
}

func TestMedianCase65(t *testing.T) {
	if got := Median([]int{65, 65, 65}); got != 65 {
		t.Errorf("Median = %d, want %d", got, 65)
	}
}

func TestMedianCase66(t *testing.T) {
	if got := Median([]int{66, 66, 66}); got != 66 {
		t.Errorf("Median = %d, want %d", got, 66)
	}
}

func TestMedianCase67(t *testing.T) {
	if got := Median([]int{67, 67, 67}); got != 67 {
		t.Errorf("Median = %d, want %d", got, 67)
	}
}

func TestMedianCase68(t *testing.T) {
	if got := Median([]int{68, 68, 68}); got != 68 {
		t.Errorf("Median = %d, want %d", got, 68)
	}
}

func TestMedianCase69(t *testing.T) {
	if got := Median([]int{69, 69, 69}); got != 69 {
		t.Errorf("Median = %d, want %d", got, 69)
	}
}

func TestMedianCase70(t *testing.T) {
	if got := Median([]int{70, 70, 70}); got != 70 {
		t.Errorf("Median = %d, want %d", got, 70)
	}
}

func TestMedianCase71(t *testing.T) {
	if got := Median([]int{71, 71, 71}); got != 71 {
		t.Errorf("Median = %d, want %d", got, 71)
	}
}

func TestMedianCase72(t *testing.T) {
	if got := Median([]int{72, 72, 72}); got != 72 {
		t.Errorf("Median = %d, want %d", got, 72)
	}
}

func TestMedianCase73(t *testing.T) {
	if got := Median([]int{73, 73, 73}); got != 73 {
		t.Errorf("Median = %d, want %d", got, 73)
	}
}

func TestMedianCase74(t *testing.T) {
	if got := Median([]int{74, 74, 74}); got != 74 {
		t.Errorf("Median = %d, want %d", got, 74)
	}
}

func TestMedianCase75(t *testing.T) {
	if got := Median([]int{75, 75, 75}); got != 75 {
		t.Errorf("Median = %d, want %d", got, 75)
	}
}

func TestMedianCase76(t *testing.T) {
	if got := Median([]int{76, 76, 76}); got != 76 {
		t.Errorf("Median = %d, want %d", got, 76)
	}
}

func TestMedianCase77(t *testing.T) {
	if got := Median([]int{77, 77, 77}); got != 77 {
		t.Errorf("Median = %d, want %d", got, 77)
	}
}

func TestMedianCase78(t *testing.T) {
	if got := Median([]int{78, 78, 78}); got != 78 {
		t.Errorf("Median = %d, want %d", got, 78)
	}
}

func TestMedianCase79(t *testing.T) {
	if got := Median([]int{79, 79, 79}); got != 79 {
		t.Errorf("Median = %d, want %d", got, 79)
	}
}

func TestMedianCase80(t *testing.T) {
	if got := Median([]int{80, 80, 80}); got != 80 {
		t.Errorf("Median = %d, want %d", got, 80)
	}
}

func TestMedianCase81(t *testing.T) {
	if got := Median([]int{81, 81, 81}); got != 81 {
		t.Errorf("Median = %d, want %d", got, 81)
	}
}

func TestMedianCase82(t *testing.T) {
	if got := Median([]int{82, 82, 82}); got != 82 {
		t.Errorf("Median = %d, want %d", got, 82)
	}
}

func TestMedianCase83(t *testing.T) {
	if got := Median([]int{83, 83, 83}); got != 83 {
		t.Errorf("Median = %d, want %d", got, 83)
	}
}

func TestMedianCase84(t *testing.T) {
	if got := Median([]int{84, 84, 84}); got != 84 {
		t.Errorf("Median = %d, want %d", got, 84)
	}
}

func TestMedianCase85(t *testing.T) {
	if got := Median([]int{85, 85, 85}); got != 85 {
		t.Errorf("Median = %d, want %d", got, 85)
	}
}

func TestMedianCase86(t *testing.T) {
	if got := Median([]int{86, 86, 86}); got != 86 {
		t.Errorf("Median = %d, want %d", got, 86)
	}
}

func TestMedianCase87(t *testing.T) {
	if got := Median([]int{87, 87, 87}); got != 87 {
		t.Errorf("Median = %d, want %d", got, 87)
	}
}

func TestMedianCase88(t *testing.T) {
	if got := Median([]int{88, 88, 88}); got != 88 {
		t.Errorf("Median = %d, want %d", got, 88)
	}
}

func TestMedianCase89(t *testing.T) {
	if got := Median([]int{89, 89, 89}); got != 89 {
		t.Errorf("Median = %d, want %d", got, 89)
	}
}

func TestMedianCase90(t *testing.T) {
	if got := Median([]int{90, 90, 90}); got != 90 {
		t.Errorf("Median = %d, want %d", got, 90)
	}
}

func TestMedianCase91(t *testing.T) {
	if got := Median([]int{91, 91, 91}); got != 91 {
		t.Errorf("Median = %d, want %d", got, 91)
	}
}

func TestMedianCase92(t *testing.T) {
	if got := Median([]int{92, 92, 92}); got != 92 {
		t.Errorf("Median = %d, want %d", got, 92)
	}
}

func TestMedianCase93(t *testing.T) {
	if got := Median([]int{93, 93, 93}); got != 93 {
		t.Errorf("Median = %d, want %d", got, 93)
	}
}

func TestMedianCase94(t *testing.T) {
	if got := Median([]int{94, 94, 94}); got != 94 {
		t.Errorf("Median = %d, want %d", got, 94)
	}
}

func TestMedianCase95(t *testing.T) {
	if got := Median([]int{95, 95, 95}); got != 95 {
		t.Errorf("Median = %d, want %d", got, 95)
	}
}

func TestMedianCase96(t *testing.T) {
	if got := Median([]int{96, 96, 96}); got != 96 {
		t.Errorf("Median = %d, want %d", got, 96)
	}
}

func TestMedianCase97(t *testing.T) {
	if got := Median([]int{97, 97, 97}); got != 97 {
		t.Errorf("Median = %d, want %d", got, 97)
	}
}

func TestMedianCase98(t *testing.T) {
	if got := Median([]int{98, 98, 98}); got != 98 {
		t.Errorf("Median = %d, want %d", got, 98)
	}
}

func TestMedianCase99(t *testing.T) {
	if got := Median([]int{99, 99, 99}); got != 99 {
		t.Errorf("Median = %d, want %d", got, 99)
	}
}

func TestMedianCase100(t *testing.T) {
	if got := Median([]int{100, 100, 100}); got != 100 {
		t.Errorf("Median = %d, want %d", got, 100)
	}
}

func TestMedianCase101(t *testing.T) {
	if got := Median([]int{101, 101, 101}); got != 101 {
		t.Errorf("Median = %d, want %d", got, 101)
	}
}

func TestMedianCase102(t *testing.T) {
	if got := Median([]int{102, 102, 102}); got != 102 {
		t.Errorf("Median = %d, want %d", got, 102)
	}
}

func TestMedianCase103(t *testing.T) {
	if got := Median([]int{103, 103, 103}); got != 103 {
		t.Errorf("Median = %d, want %d", got, 103)
	}
}

func TestMedianCase104(t *testing.T) {
	if got := Median([]int{104, 104, 104}); got != 104 {
		t.Errorf("Median = %d, want %d", got, 104)
	}
}

func TestMedianCase105(t *testing.T) {
	if got := Median([]int{105, 105, 105}); got != 105 {
		t.Errorf("Median = %d, want %d", got, 105)
	}
}

func TestMedianCase106(t *testing.T) {
	if got := Median([]int{106, 106, 106}); got != 106 {
		t.Errorf("Median = %d, want %d", got, 106)
	}
}

func TestMedianCase107(t *testing.T) {
	if got := Median([]int{107, 107, 107}); got != 107 {
		t.Errorf("Median = %d, want %d", got, 107)
	}
}

func TestMedianCase108(t *testing.T) {
	if got := Median([]int{108, 108, 108}); got != 108 {
		t.Errorf("Median = %d, want %d", got, 108)
	}
}

func TestMedianCase109(t *testing.T) {
	if got := Median([]int{109, 109, 109}); got != 109 {
		t.Errorf("Median = %d, want %d", got, 109)
	}
}

func TestMedianCase110(t *testing.T) {
	if got := Median([]int{110, 110, 110}); got != 110 {
		t.Errorf("Median = %d, want %d", got, 110)
	}
}

func TestMedianCase111(t *testing.T) {
	if got := Median([]int{111, 111, 111}); got != 111 {
		t.Errorf("Median = %d, want %d", got, 111)
	}
}

func TestMedianCase112(t *testing.T) {
	if got := Median([]int{112, 112, 112}); got != 112 {
		t.Errorf("Median = %d, want %d", got, 112)
	}
}

func TestMedianCase113(t *testing.T) {
	if got := Median([]int{113, 113, 113}); got != 113 {
		t.Errorf("Median = %d, want %d", got, 113)
	}
}

func TestMedianCase114(t *testing.T) {
	if got := Median([]int{114, 114, 114}); got != 114 {
		t.Errorf("Median = %d, want %d", got, 114)
	}
}

func TestMedianCase115(t *testing.T) {
	if got := Median([]int{115, 115, 115}); got != 115 {
		t.Errorf("Median = %d, want %d", got, 115)
	}
}

func TestMedianCase116(t *testing.T) {
	if got := Median([]int{116, 116, 116}); got != 116 {
		t.Errorf("Median = %d, want %d", got, 116)
	}
}

func TestMedianCase117(t *testing.T) {
	if got := Median([]int{117, 117, 117}); got != 117 {
		t.Errorf("Median = %d, want %d", got, 117)
	}
}

func TestMedianCase118(t *testing.T) {
	if got := Median([]int{118, 118, 118}); got != 118 {
		t.Errorf("Median = %d, want %d", got, 118)
	}
}

func TestMedianCase119(t *testing.T) {
	if got := Median([]int{119, 119, 119}); got != 119 {
		t.Errorf("Median = %d, want %d", got, 119)
	}
}

func TestMedianCase120(t *testing.T) {
	if got := Median([]int{120, 120, 120}); got != 120 {
		t.Errorf("Median = %d, want %d", got, 120)
	}
}

func TestMedianCase121(t *testing.T) {
	if got := Median([]int{121, 121, 121}); got != 121 {
		t.Errorf("Median = %d, want %d", got, 121)
	}
}

func TestMedianCase122(t *testing.T) {
	if got := Median([]int{122, 122, 122}); got != 122 {
		t.Errorf("Median = %d, want %d", got, 122)
	}
}

func TestMedianCase123(t *testing.T) {
	if got := Median([]int{123, 123, 123}); got != 123 {
		t.Errorf("Median = %d, want %d", got, 123)
	}
}

func TestMedianCase124(t *testing.T) {
	if got := Median([]int{124, 124, 124}); got != 124 {
		t.Errorf("Median = %d, want %d", got, 124)
	}
}

func TestMedianCase125(t *testing.T) {
	if got := Median([]int{125, 125, 125}); got != 125 {
		t.Errorf("Median = %d, want %d", got, 125)
	}
}

func TestMedianCase126(t *testing.T) {
	if got := Median([]int{126, 126, 126}); got != 126 {
		t.Errorf("Median = %d, want %d", got, 126)
	}
}

func TestMedianCase127(t *testing.T) {
	if got := Median([]int{127, 127, 127}); got != 127 {
		t.Errorf("Median = %d, want %d", got, 127)
	}
}

func TestMedianCase128(t *testing.T) {
	if got := Median([]int{128, 128, 128}); got != 128 {
		t.Errorf("Median = %d, want %d", got, 128)
	}
}

func TestMedianCase129(t *testing.T) {
	if got := Median([]int{129, 129, 129}); got != 129 {
		t.Errorf("Median = %d, want %d", got, 129)
	}
}

func TestMedianCase130(t *testing.T) {
	if got := Median([]int{130, 130, 130}); got != 130 {
		t.Errorf("Median = %d, want %d", got, 130)
	}
}

func TestMedianCase131(t *testing.T) {
	if got := Median([]int{131, 131, 131}); got != 131 {
		t.Errorf("Median = %d, want %d", got, 131)
	}
}

func TestMedianCase132(t *testing.T) {
	if got := Median([]int{132, 132, 132}); got != 132 {
		t.Errorf("Median = %d, want %d", got, 132)
	}
}

func TestMedianCase133(t *testing.T) {
	if got := Median([]int{133, 133, 133}); got != 133 {
		t.Errorf("Median = %d, want %d", got, 133)
	}
}

func TestMedianCase134(t *testing.T) {
	if got := Median([]int{134, 134, 134}); got != 134 {
		t.Errorf("Median = %d, want %d", got, 134)
	}
}

func TestMedianCase135(t *testing.T) {
	if got := Median([]int{135, 135, 135}); got != 135 {
		t.Errorf("Median = %d, want %d", got, 135)
	}
}

func TestMedianCase136(t *testing.T) {
	if got := Median([]int{136, 136, 136}); got != 136 {
		t.Errorf("Median = %d, want %d", got, 136)
	}
}

func TestMedianCase137(t *testing.T) {
	if got := Median([]int{137, 137, 137}); got != 137 {
		t.Errorf("Median = %d, want %d", got, 137)
	}
}

func TestMedianCase138(t *testing.T) {
	if got := Median([]int{138, 138, 138}); got != 138 {
		t.Errorf("Median = %d, want %d", got, 138)
	}
}

func TestMedianCase139(t *testing.T) {
	if got := Median([]int{139, 139, 139}); got != 139 {
		t.Errorf("Median = %d, want %d", got, 139)
	}
}

func TestMedianCase140(t *testing.T) {
	if got := Median([]int{140, 140, 140}); got != 140 {
		t.Errorf("Median = %d, want %d", got, 140)
	}
}

func TestMedianCase141(t *testing.T) {
	if got := Median([]int{141, 141, 141}); got != 141 {
		t.Errorf("Median = %d, want %d", got, 141)
	}
}

func TestMedianCase142(t *testing.T) {
	if got := Median([]int{142, 142, 142}); got != 142 {
		t.Errorf("Median = %d, want %d", got, 142)
	}
}

func TestMedianCase143(t *testing.T) {
	if got := Median([]int{143, 143, 143}); got != 143 {
		t.Errorf("Median = %d, want %d", got, 143)
	}
}

func TestMedianCase144(t *testing.T) {
	if got := Median([]int{144, 144, 144}); got != 144 {
		t.Errorf("Median = %d, want %d", got, 144)
	}
}

func TestMedianCase145(t *testing.T) {
	if got := Median([]int{145, 145, 145}); got != 145 {
		t.Errorf("Median = %d, want %d", got, 145)
	}
}

func TestMedianCase146(t *testing.T) {
	if got := Median([]int{146, 146, 146}); got != 146 {
		t.Errorf("Median = %d, want %d", got, 146)
	}
}

func TestMedianCase147(t *testing.T) {
	if got := Median([]int{147, 147, 147}); got != 147 {
		t.Errorf("Median = %d, want %d", got, 147)
	}
}

func TestMedianCase148(t *testing.T) {
	if got := Median([]int{148, 148, 148}); got != 148 {
		t.Errorf("Median = %d, want %d", got, 148)
	}
}

func TestMedianCase149(t *testing.T) {
	if got := Median([]int{149, 149, 149}); got != 149 {
		t.Errorf("Median = %d, want %d", got, 149)
	}
}

func TestMedianCase150(t *testing.T) {
	if got := Median([]int{150, 150, 150}); got != 150 {
		t.Errorf("Median = %d, want %d", got, 150)
	}
}

func TestMedianCase151(t *testing.T) {
	if got := Median([]int{151, 151, 151}); got != 151 {
		t.Errorf("Median = %d, want %d", got, 151)
	}
}

func TestMedianCase152(t *testing.T) {
	if got := Median([]int{152, 152, 152}); got != 152 {
		t.Errorf("Median = %d, want %d", got, 152)
	}
}

func TestMedianCase153(t *testing.T) {
	if got := Median([]int{153, 153, 153}); got != 153 {
		t.Errorf("Median = %d, want %d", got, 153)
	}
}

func TestMedianCase154(t *testing.T) {
	if got := Median([]int{154, 154, 154}); got != 154 {
		t.Errorf("Median = %d, want %d", got, 154)
	}
}

func TestMedianCase155(t *testing.T) {
	if got := Median([]int{155, 155, 155}); got != 155 {
		t.Errorf("Median = %d, want %d", got, 155)
	}
}

func TestMedianCase156(t *testing.T) {
	if got := Median([]int{156, 156, 156}); got != 156 {
		t.Errorf("Median = %d, want %d", got, 156)
	}
}

func TestMedianCase157(t *testing.T) {
	if got := Median([]int{157, 157, 157}); got != 157 {
		t.Errorf("Median = %d, want %d", got, 157)
	}
}

func TestMedianCase158(t *testing.T) {
	if got := Median([]int{158, 158, 158}); got != 158 {
		t.Errorf("Median = %d, want %d", got, 158)
	}
}

func TestMedianCase159(t *testing.T) {
	if got := Median([]int{159, 159, 159}); got != 159 {
		t.Errorf("Median = %d, want %d", got, 159)
	}
}

func TestMedianCase160(t *testing.T) {
	if got := Median([]int{160, 160, 160}); got != 160 {
		t.Errorf("Median = %d, want %d", got, 160)
	}
}

func TestMedianCase161(t *testing.T) {
	if got := Median([]int{161, 161, 161}); got != 161 {
		t.Errorf("Median = %d, want %d", got, 161)
	}
}

func TestMedianCase162(t *testing.T) {
	if got := Median([]int{162, 162, 162}); got != 162 {
		t.Errorf("Median = %d, want %d", got, 162)
	}
}

func TestMedianCase163(t *testing.T) {
	if got := Median([]int{163, 163, 163}); got != 163 {
		t.Errorf("Median = %d, want %d", got, 163)
	}
}

func TestMedianCase164(t *testing.T) {
	if got := Median([]int{164, 164, 164}); got != 164 {
		t.Errorf("Median = %d, want %d", got, 164)
	}
}

func TestMedianCase165(t *testing.T) {
	if got := Median([]int{165, 165, 165}); got != 165 {
		t.Errorf("Median = %d, want %d", got, 165)
	}
}

func TestMedianCase166(t *testing.T) {
	if got := Median([]int{166, 166, 166}); got != 166 {
		t.Errorf("Median = %d, want %d", got, 166)
	}
}

func TestMedianCase167(t *testing.T) {
	if got := Median([]int{167, 167, 167}); got != 167 {
		t.Errorf("Median = %d, want %d", got, 167)
	}
}

func TestMedianCase168(t *testing.T) {
	if got := Median([]int{168, 168, 168}); got != 168 {
		t.Errorf("Median = %d, want %d", got, 168)
	}
}

func TestMedianCase169(t *testing.T) {
	if got := Median([]int{169, 169, 169}); got != 169 {
		t.Errorf("Median = %d, want %d", got, 169)
	}
}

func TestMedianCase170(t *testing.T) {
	if got := Median([]int{170, 170, 170}); got != 170 {
		t.Errorf("Median = %d, want %d", got, 170)
	}
}

func TestMedianCase171(t *testing.T) {
	if got := Median([]int{171, 171, 171}); got != 171 {
		t.Errorf("Median = %d, want %d", got, 171)
	}
}

func TestMedianCase172(t *testing.T) {
	if got := Median([]int{172, 172, 172}); got != 172 {
		t.Errorf("Median = %d, want %d", got, 172)
	}
}

func TestMedianCase173(t *testing.T) {
	if got := Median([]int{173, 173, 173}); got != 173 {
		t.Errorf("Median = %d, want %d", got, 173)
	}
}

func TestMedianCase174(t *testing.T) {
	if got := Median([]int{174, 174, 174}); got != 174 {
		t.Errorf("Median = %d, want %d", got, 174)
	}
}

func TestMedianCase175(t *testing.T) {
	if got := Median([]int{175, 175, 175}); got != 175 {
		t.Errorf("Median = %d, want %d", got, 175)
	}
}

func TestMedianCase176(t *testing.T) {
	if got := Median([]int{176, 176, 176}); got != 176 {
		t.Errorf("Median = %d, want %d", got, 176)
	}
}

func TestMedianCase177(t *testing.T) {
	if got := Median([]int{177, 177, 177}); got != 177 {
		t.Errorf("Median = %d, want %d", got, 177)
	}
}

func TestMedianCase178(t *testing.T) {
	if got := Median([]int{178, 178, 178}); got != 178 {
		t.Errorf("Median = %d, want %d", got, 178)
	}
}

func TestMedianCase179(t *testing.T) {
	if got := Median([]int{179, 179, 179}); got != 179 {
		t.Errorf("Median = %d, want %d", got, 179)
	}
}

func TestMedianCase180(t *testing.T) {
	if got := Median([]int{180, 180, 180}); got != 180 {
		t.Errorf("Median = %d, want %d", got, 180)
	}
}

func TestMedianCase181(t *testing.T) {
	if got := Median([]int{181, 181, 181}); got != 181 {
		t.Errorf("Median = %d, want %d", got, 181)
	}
}

func TestMedianCase182(t *testing.T) {
	if got := Median([]int{182, 182, 182}); got != 182 {
		t.Errorf("Median = %d, want %d", got, 182)
	}
}

func TestMedianCase183(t *testing.T) {
	if got := Median([]int{183, 183, 183}); got != 183 {
		t.Errorf("Median = %d, want %d", got, 183)
	}
}

func TestMedianCase184(t *testing.T) {
	if got := Median([]int{184, 184, 184}); got != 184 {
		t.Errorf("Median = %d, want %d", got, 184)
	}
}

func TestMedianCase185(t *testing.T) {
	if got := Median([]int{185, 185, 185}); got != 185 {
		t.Errorf("Median = %d, want %d", got, 185)
	}
}

func TestMedianCase186(t *testing.T) {
	if got := Median([]int{186, 186, 186}); got != 186 {
		t.Errorf("Median = %d, want %d", got, 186)
	}
}

func TestMedianCase187(t *testing.T) {
	if got := Median([]int{187, 187, 187}); got != 187 {
		t.Errorf("Median = %d, want %d", got, 187)
	}
}

func TestMedianCase188(t *testing.T) {
	if got := Median([]int{188, 188, 188}); got != 188 {
		t.Errorf("Median = %d, want %d", got, 188)
	}
}

func TestMedianCase189(t *testing.T) {
	if got := Median([]int{189, 189, 189}); got != 189 {
		t.Errorf("Median = %d, want %d", got, 189)
	}
}

func TestMedianCase190(t *testing.T) {
	if got := Median([]int{190, 190, 190}); got != 190 {
		t.Errorf("Median = %d, want %d", got, 190)
	}
}

func TestMedianCase191(t *testing.T) {
	if got := Median([]int{191, 191, 191}); got != 191 {
		t.Errorf("Median = %d, want %d", got, 191)
	}
}

func TestMedianCase192(t *testing.T) {
	if got := Median([]int{192, 192, 192}); got != 192 {
		t.Errorf("Median = %d, want %d", got, 192)
	}
}

func TestMedianCase193(t *testing.T) {
	if got := Median([]int{193, 193, 193}); got != 193 {
		t.Errorf("Median = %d, want %d", got, 193)
	}
}

func TestMedianCase194(t *testing.T) {
	if got := Median([]int{194, 194, 194}); got != 194 {
		t.Errorf("Median = %d, want %d", got, 194)
	}
}

func TestMedianCase195(t *testing.T) {
	if got := Median([]int{195, 195, 195}); got != 195 {
		t.Errorf("Median = %d, want %d", got, 195)
	}
}

func TestMedianCase196(t *testing.T) {
	if got := Median([]int{196, 196, 196}); got != 196 {
		t.Errorf("Median = %d, want %d", got, 196)
	}
}

func TestMedianCase197(t *testing.T) {
	if got := Median([]int{197, 197, 197}); got != 197 {
		t.Errorf("Median = %d, want %d", got, 197)
	}
}

func TestMedianCase198(t *testing.T) {
	if got := Median([]int{198, 198, 198}); got != 198 {
		t.Errorf("Median = %d, want %d", got, 198)
	}
}

func TestMedianCase199(t *testing.T) {
	if got := Median([]int{199, 199, 199}); got != 199 {
		t.Errorf("Median = %d, want %d", got, 199)
	}
}

func TestMedianCase200(t *testing.T) {
	if got := Median([]int{200, 200, 200}); got != 200 {
		t.Errorf("Median = %d, want %d", got, 200)
	}
}

func TestMedianCase201(t *testing.T) {
	if got := Median([]int{201, 201, 201}); got != 201 {
		t.Errorf("Median = %d, want %d", got, 201)
	}
}

func TestMedianCase202(t *testing.T) {
	if got := Median([]int{202, 202, 202}); got != 202 {
		t.Errorf("Median = %d, want %d", got, 202)
	}
}

func TestMedianCase203(t *testing.T) {
	if got := Median([]int{203, 203, 203}); got != 203 {
		t.Errorf("Median = %d, want %d", got, 203)
	}
}

func TestMedianCase204(t *testing.T) {
	if got := Median([]int{204, 204, 204}); got != 204 {
		t.Errorf("Median = %d, want %d", got, 204)
	}
}

func TestMedianCase205(t *testing.T) {
	if got := Median([]int{205, 205, 205}); got != 205 {
		t.Errorf("Median = %d, want %d", got, 205)
	}
}

func TestMedianCase206(t *testing.T) {
	if got := Median([]int{206, 206, 206}); got != 206 {
		t.Errorf("Median = %d, want %d", got, 206)
	}
}

func TestMedianCase207(t *testing.T) {
	if got := Median([]int{207, 207, 207}); got != 207 {
		t.Errorf("Median = %d, want %d", got, 207)
	}
}

func TestMedianCase208(t *testing.T) {
	if got := Median([]int{208, 208, 208}); got != 208 {
		t.Errorf("Median = %d, want %d", got, 208)
	}
}

func TestMedianCase209(t *testing.T) {
	if got := Median([]int{209, 209, 209}); got != 209 {
		t.Errorf("Median = %d, want %d", got, 209)
	}
}

func TestMedianCase210(t *testing.T) {
	if got := Median([]int{210, 210, 210}); got != 210 {
		t.Errorf("Median = %d, want %d", got, 210)
	}
}

func TestMedianCase211(t *testing.T) {
	if got := Median([]int{211, 211, 211}); got != 211 {
		t.Errorf("Median = %d, want %d", got, 211)
	}
}

func TestMedianCase212(t *testing.T) {
	if got := Median([]int{212, 212, 212}); got != 212 {
		t.Errorf("Median = %d, want %d", got, 212)
	}
}

func TestMedianCase213(t *testing.T) {
	if got := Median([]int{213, 213, 213}); got != 213 {
		t.Errorf("Median = %d, want %d", got, 213)
	}
}

func TestMedianCase214(t *testing.T) {
	if got := Median([]int{214, 214, 214}); got != 214 {
		t.Errorf("Median = %d, want %d", got, 214)
	}
}

func TestMedianCase215(t *testing.T) {
	if got := Median([]int{215, 215, 215}); got != 215 {
		t.Errorf("Median = %d, want %d", got, 215)
	}
}

func TestMedianCase216(t *testing.T) {
	if got := Median([]int{216, 216, 216}); got != 216 {
		t.Errorf("Median = %d, want %d", got, 216)
	}
}

func TestMedianCase217(t *testing.T) {
	if got := Median([]int{217, 217, 217}); got != 217 {
		t.Errorf("Median = %d, want %d", got, 217)
	}
}

func TestMedianCase218(t *testing.T) {
	if got := Median([]int{218, 218, 218}); got != 218 {
		t.Errorf("Median = %d, want %d", got, 218)
	}
}

func TestMedianCase219(t *testing.T) {
	if got := Median([]int{219, 219, 219}); got != 219 {
		t.Errorf("Median = %d, want %d", got, 219)
	}
}

func TestMedianCase220(t *testing.T) {
	if got := Median([]int{220, 220, 220}); got != 220 {
		t.Errorf("Median = %d, want %d", got, 220)
	}
}

func TestMedianCase221(t *testing.T) {
	if got := Median([]int{221, 221, 221}); got != 221 {
		t.Errorf("Median = %d, want %d", got, 221)
	}
}

func TestMedianCase222(t *testing.T) {
	if got := Median([]int{222, 222, 222}); got != 222 {
		t.Errorf("Median = %d, want %d", got, 222)
	}
}

func TestMedianCase223(t *testing.T) {
	if got := Median([]int{223, 223, 223}); got != 223 {
		t.Errorf("Median = %d, want %d", got, 223)
	}
}

func TestMedianCase224(t *testing.T) {
	if got := Median([]int{224, 224, 224}); got != 224 {
		t.Errorf("Median = %d, want %d", got, 224)
	}
}

func TestMedianCase225(t *testing.T) {
	if got := Median([]int{225, 225, 225}); got != 225 {
		t.Errorf("Median = %d, want %d", got, 225)
	}
}

func TestMedianCase226(t *testing.T) {
	if got := Median([]int{226, 226, 226}); got != 226 {
		t.Errorf("Median = %d, want %d", got, 226)
	}
}

func TestMedianCase227(t *testing.T) {
	if got := Median([]int{227, 227, 227}); got != 227 {
		t.Errorf("Median = %d, want %d", got, 227)
	}
}

func TestMedianCase228(t *testing.T) {
	if got := Median([]int{228, 228, 228}); got != 228 {
		t.Errorf("Median = %d, want %d", got, 228)
	}
}

func TestMedianCase229(t *testing.T) {
	if got := Median([]int{229, 229, 229}); got != 229 {
		t.Errorf("Median = %d, want %d", got, 229)
	}
}

func TestMedianCase230(t *testing.T) {
	if got := Median([]int{230, 230, 230}); got != 230 {
		t.Errorf("Median = %d, want %d", got, 230)
	}
}

func TestMedianCase231(t *testing.T) {
	if got := Median([]int{231, 231, 231}); got != 231 {
		t.Errorf("Median = %d, want %d", got, 231)
	}
}

func TestMedianCase232(t *testing.T) {
	if got := Median([]int{232, 232, 232}); got != 232 {
		t.Errorf("Median = %d, want %d", got, 232)
	}
}

func TestMedianCase233(t *testing.T) {
	if got := Median([]int{233, 233, 233}); got != 233 {
		t.Errorf("Median = %d, want %d", got, 233)
	}
}

func TestMedianCase234(t *testing.T) {
	if got := Median([]int{234, 234, 234}); got != 234 {
		t.Errorf("Median = %d, want %d", got, 234)
	}
}

func TestMedianCase235(t *testing.T) {
	if got := Median([]int{235, 235, 235}); got != 235 {
		t.Errorf("Median = %d, want %d", got, 235)
	}
}

func TestMedianCase236(t *testing.T) {
	if got := Median([]int{236, 236, 236}); got != 236 {
		t.Errorf("Median = %d, want %d", got, 236)
	}
}

func TestMedianCase237(t *testing.T) {
	if got := Median([]int{237, 237, 237}); got != 237 {
		t.Errorf("Median = %d, want %d", got, 237)
	}
}

func TestMedianCase238(t *testing.T) {
	if got := Median([]int{238, 238, 238}); got != 238 {
		t.Errorf("Median = %d, want %d", got, 238)
	}
}

func TestMedianCase239(t *testing.T) {
	if got := Median([]int{239, 239, 239}); got != 239 {
		t.Errorf("Median = %d, want %d", got, 239)
	}
}

func TestMedianCase240(t *testing.T) {
	if got := Median([]int{240, 240, 240}); got != 240 {
		t.Errorf("Median = %d, want %d", got, 240)
	}
}

func TestMedianCase241(t *testing.T) {
	if got := Median([]int{241, 241, 241}); got != 241 {
		t.Errorf("Median = %d, want %d", got, 241)
	}
}

func TestMedianCase242(t *testing.T) {
	if got := Median([]int{242, 242, 242}); got != 242 {
		t.Errorf("Median = %d, want %d", got, 242)
	}
}

func TestMedianCase243(t *testing.T) {
	if got := Median([]int{243, 243, 243}); got != 243 {
		t.Errorf("Median = %d, want %d", got, 243)
	}
}

func TestMedianCase244(t *testing.T) {
	if got := Median([]int{244, 244, 244}); got != 244 {
		t.Errorf("Median = %d, want %d", got, 244)
	}
}

func TestMedianCase245(t *testing.T) {
	if got := Median([]int{245, 245, 245}); got != 245 {
		t.Errorf("Median = %d, want %d", got, 245)
	}
}

func TestMedianCase246(t *testing.T) {
	if got := Median([]int{246, 246, 246}); got != 246 {
		t.Errorf("Median = %d, want %d", got, 246)
	}
}

func TestMedianCase247(t *testing.T) {
	if got := Median([]int{247, 247, 247}); got != 247 {
		t.Errorf("Median = %d, want %d", got, 247)
	}
}

func TestMedianCase248(t *testing.T) {
	if got := Median([]int{248, 248, 248}); got != 248 {
		t.Errorf("Median = %d, want %d", got, 248)
	}
}

func TestMedianCase249(t *testing.T) {
	if got := Median([]int{249, 249, 249}); got != 249 {
		t.Errorf("Median = %d, want %d", got, 249)
	}
}

func TestMedianCase250(t *testing.T) {
	if got := Median([]int{250, 250, 250}); got != 250 {
		t.Errorf("Median = %d, want %d", got, 250)
	}
}

func TestMedianCase251(t *testing.T) {
	if got := Median([]int{251, 251, 251}); got != 251 {
		t.Errorf("Median = %d, want %d", got, 251)
	}
}

func TestMedianCase252(t *testing.T) {
	if got := Median([]int{252, 252, 252}); got != 252 {
		t.Errorf("Median = %d, want %d", got, 252)
	}
}

func TestMedianCase253(t *testing.T) {
	if got := Median([]int{253, 253, 253}); got != 253 {
		t.Errorf("Median = %d, want %d", got, 253)
	}
}

func TestMedianCase254(t *testing.T) {
	if got := Median([]int{254, 254, 254}); got != 254 {
		t.Errorf("Median = %d, want %d", got, 254)
	}
}

func TestMedianCase255(t *testing.T) {
	if got := Median([]int{255, 255, 255}); got != 255 {
		t.Errorf("Median = %d, want %d", got, 255)
	}
}

func TestMedianCase256(t *testing.T) {
	if got := Median([]int{256, 256, 256}); got != 256 {
		t.Errorf("Median = %d, want %d", got, 256)
	}
}

func TestMedianCase257(t *testing.T) {
	if got := Median([]int{257, 257, 257}); got != 257 {
		t.Errorf("Median = %d, want %d", got, 257)
	}
}

func TestMedianCase258(t *testing.T) {
	if got := Median([]int{258, 258, 258}); got != 258 {
		t.Errorf("Median = %d, want %d", got, 258)
	}
}

func TestMedianCase259(t *testing.T) {
	if got := Median([]int{259, 259, 259}); got != 259 {
		t.Errorf("Median = %d, want %d", got, 259)
	}
}

func TestMedianCase260(t *testing.T) {
	if got := Median([]int{260, 260, 260}); got != 260 {
		t.Errorf("Median = %d, want %d", got, 260)
	}
}

func TestMedianCase261(t *testing.T) {
	if got := Median([]int{261, 261, 261}); got != 261 {
		t.Errorf("Median = %d, want %d", got, 261)
	}
}

func TestMedianCase262(t *testing.T) {
	if got := Median([]int{262, 262, 262}); got != 262 {
		t.Errorf("Median = %d, want %d", got, 262)
	}
}

func TestMedianCase263(t *testing.T) {
	if got := Median([]int{263, 263, 263}); got != 263 {
		t.Errorf("Median = %d, want %d", got, 263)
	}
}

func TestMedianCase264(t *testing.T) {
	if got := Median([]int{264, 264, 264}); got != 264 {
		t.Errorf("Median = %d, want %d", got, 264)
	}
}

func TestMedianCase265(t *testing.T) {
	if got := Median([]int{265, 265, 265}); got != 265 {
		t.Errorf("Median = %d, want %d", got, 265)
	}
}

func TestMedianCase266(t *testing.T) {
	if got := Median([]int{266, 266, 266}); got != 266 {
		t.Errorf("Median = %d, want %d", got, 266)
	}
}

func TestMedianCase267(t *testing.T) {
	if got := Median([]int{267, 267, 267}); got != 267 {
		t.Errorf("Median = %d, want %d", got, 267)
	}
}

func TestMedianCase268(t *testing.T) {
	if got := Median([]int{268, 268, 268}); got != 268 {
		t.Errorf("Median = %d, want %d", got, 268)
	}
}

func TestMedianCase269(t *testing.T) {
	if got := Median([]int{269, 269, 269}); got != 269 {
		t.Errorf("Median = %d, want %d", got, 269)
	}
}

func TestMedianCase270(t *testing.T) {
	if got := Median([]int{270, 270, 270}); got != 270 {
		t.Errorf("Median = %d, want %d", got, 270)
	}
}

func TestMedianCase271(t *testing.T) {
	if got := Median([]int{271, 271, 271}); got != 271 {
		t.Errorf("Median = %d, want %d", got, 271)
	}
}

func TestMedianCase272(t *testing.T) {
	if got := Median([]int{272, 272, 272}); got != 272 {
		t.Errorf("Median = %d, want %d", got, 272)
	}
}

func TestMedianCase273(t *testing.T) {
	if got := Median([]int{273, 273, 273}); got != 273 {
		t.Errorf("Median = %d, want %d", got, 273)
	}
}

func TestMedianCase274(t *testing.T) {
	if got := Median([]int{274, 274, 274}); got != 274 {
		t.Errorf("Median = %d, want %d", got, 274)
	}
}

func TestMedianCase275(t *testing.T) {
	if got := Median([]int{275, 275, 275}); got != 275 {
		t.Errorf("Median = %d, want %d", got, 275)
	}
}

func TestMedianCase276(t *testing.T) {
	if got := Median([]int{276, 276, 276}); got != 276 {
		t.Errorf("Median = %d, want %d", got, 276)
	}
}

func TestMedianCase277(t *testing.T) {
	if got := Median([]int{277, 277, 277}); got != 277 {
		t.Errorf("Median = %d, want %d", got, 277)
	}
}

func TestMedianCase278(t *testing.T) {
	if got := Median([]int{278, 278, 278}); got != 278 {
		t.Errorf("Median = %d, want %d", got, 278)
	}
}

func TestMedianCase279(t *testing.T) {
	if got := Median([]int{279, 279, 279}); got != 279 {
		t.Errorf("Median = %d, want %d", got, 279)
	}
}

func TestMedianCase280(t *testing.T) {
	if got := Median([]int{280, 280, 280}); got != 280 {
		t.Errorf("Median = %d, want %d", got, 280)
	}
}

func TestMedianCase281(t *testing.T) {
	if got := Median([]int{281, 281, 281}); got != 281 {
		t.Errorf("Median = %d, want %d", got, 281)
	}
}

func TestMedianCase282(t *testing.T) {
	if got := Median([]int{282, 282, 282}); got != 282 {
		t.Errorf("Median = %d, want %d", got, 282)
	}
}

func TestMedianCase283(t *testing.T) {
	if got := Median([]int{283, 283, 283}); got != 283 {
		t.Errorf("Median = %d, want %d", got, 283)
	}
}

func TestMedianCase284(t *testing.T) {
	if got := Median([]int{284, 284, 284}); got != 284 {
		t.Errorf("Median = %d, want %d", got, 284)
	}
}

func TestMedianCase285(t *testing.T) {
	if got := Median([]int{285, 285, 285}); got != 285 {
		t.Errorf("Median = %d, want %d", got, 285)
	}
}

func TestMedianCase286(t *testing.T) {
	if got := Median([]int{286, 286, 286}); got != 286 {
		t.Errorf("Median = %d, want %d", got, 286)
	}
}

func TestMedianCase287(t *testing.T) {
	if got := Median([]int{287, 287, 287}); got != 287 {
		t.Errorf("Median = %d, want %d", got, 287)
	}
}

func TestMedianCase288(t *testing.T) {
	if got := Median([]int{288, 288, 288}); got != 288 {
		t.Errorf("Median = %d, want %d", got, 288)
	}
}

func TestMedianCase289(t *testing.T) {
	if got := Median([]int{289, 289, 289}); got != 289 {
		t.Errorf("Median = %d, want %d", got, 289)
	}
}

func TestMedianCase290(t *testing.T) {
	if got := Median([]int{290, 290, 290}); got != 290 {
		t.Errorf("Median = %d, want %d", got, 290)
	}
}

func TestMedianCase291(t *testing.T) {
	if got := Median([]int{291, 291, 291}); got != 291 {
		t.Errorf("Median = %d, want %d", got, 291)
	}
}

func TestMedianCase292(t *testing.T) {
	if got := Median([]int{292, 292, 292}); got != 292 {
		t.Errorf("Median = %d, want %d", got, 292)
	}
}

func TestMedianCase293(t *testing.T) {
	if got := Median([]int{293, 293, 293}); got != 293 {
		t.Errorf("Median = %d, want %d", got, 293)
	}
}

func TestMedianCase294(t *testing.T) {
	if got := Median([]int{294, 294, 294}); got != 294 {
		t.Errorf("Median = %d, want %d", got, 294)
	}
}

func TestMedianCase295(t *testing.T) {
	if got := Median([]int{295, 295, 295}); got != 295 {
		t.Errorf("Median = %d, want %d", got, 295)
	}
}

func TestMedianCase296(t *testing.T) {
	if got := Median([]int{296, 296, 296}); got != 296 {
		t.Errorf("Median = %d, want %d", got, 296)
	}
}

func TestMedianCase297(t *testing.T) {
	if got := Median([]int{297, 297, 297}); got != 297 {
		t.Errorf("Median = %d, want %d", got, 297)
	}
}

func TestMedianCase298(t *testing.T) {
	if got := Median([]int{298, 298, 298}); got != 298 {
		t.Errorf("Median = %d, want %d", got, 298)
	}
}

func TestMedianCase299(t *testing.T) {
	if got := Median([]int{299, 299, 299}); got != 299 {
		t.Errorf("Median = %d, want %d", got, 299)
	}
}

func TestMedianOfEvenLength(t *testing.T) {
	if got := Median([]int{1, 2, 3, 4}); got != 2 {
		t.Errorf("Median([1 2 3 4]) = %d, want 2", got)
	}
}

func TestMedianOfEmpty(t *testing.T) {
	_ = Median(nil)
}
