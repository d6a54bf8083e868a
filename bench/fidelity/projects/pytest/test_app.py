"""Many passing tests, one failing assertion, one exception deep in the code."""
import json

from app import parse_config, total

def test_total_of_case_0():
    assert total([0, 1]) == 1

def test_total_of_case_1():
    assert total([1, 1]) == 2

def test_total_of_case_2():
    assert total([2, 1]) == 3

def test_total_of_case_3():
    assert total([3, 1]) == 4

def test_total_of_case_4():
    assert total([4, 1]) == 5

def test_total_of_case_5():
    assert total([5, 1]) == 6

def test_total_of_case_6():
    assert total([6, 1]) == 7

def test_total_of_case_7():
    assert total([7, 1]) == 8

def test_total_of_case_8():
    assert total([8, 1]) == 9

def test_total_of_case_9():
    assert total([9, 1]) == 10

def test_total_of_case_10():
    assert total([10, 1]) == 11

def test_total_of_case_11():
    assert total([11, 1]) == 12

def test_total_of_case_12():
    assert total([12, 1]) == 13

def test_total_of_case_13():
    assert total([13, 1]) == 14

def test_total_of_case_14():
    assert total([14, 1]) == 15

def test_total_of_case_15():
    assert total([15, 1]) == 16

def test_total_of_case_16():
    assert total([16, 1]) == 17

def test_total_of_case_17():
    assert total([17, 1]) == 18

def test_total_of_case_18():
    assert total([18, 1]) == 19

def test_total_of_case_19():
    assert total([19, 1]) == 20

def test_total_of_case_20():
    assert total([20, 1]) == 21

def test_total_of_case_21():
    assert total([21, 1]) == 22

def test_total_of_case_22():
    assert total([22, 1]) == 23

def test_total_of_case_23():
    assert total([23, 1]) == 24

def test_total_of_case_24():
    assert total([24, 1]) == 25

def test_total_of_case_25():
    assert total([25, 1]) == 26

def test_total_of_case_26():
    assert total([26, 1]) == 27

def test_total_of_case_27():
    assert total([27, 1]) == 28

def test_total_of_case_28():
    assert total([28, 1]) == 29

def test_total_of_case_29():
    assert total([29, 1]) == 30

def test_total_of_case_30():
    assert total([30, 1]) == 31

def test_total_of_case_31():
    assert total([31, 1]) == 32

def test_total_of_case_32():
    assert total([32, 1]) == 33

def test_total_of_case_33():
    assert total([33, 1]) == 34

def test_total_of_case_34():
    assert total([34, 1]) == 35

def test_total_of_case_35():
    assert total([35, 1]) == 36

def test_total_of_case_36():
    assert total([36, 1]) == 37

def test_total_of_case_37():
    assert total([37, 1]) == 38

def test_total_of_case_38():
    assert total([38, 1]) == 39

def test_total_of_case_39():
    assert total([39, 1]) == 40

def test_total_of_case_40():
    assert total([40, 1]) == 41

def test_total_of_case_41():
    assert total([41, 1]) == 42

def test_total_of_case_42():
    assert total([42, 1]) == 43

def test_total_of_case_43():
    assert total([43, 1]) == 44

def test_total_of_case_44():
    assert total([44, 1]) == 45

def test_total_of_case_45():
    assert total([45, 1]) == 46

def test_total_of_case_46():
    assert total([46, 1]) == 47

def test_total_of_case_47():
    assert total([47, 1]) == 48

def test_total_of_case_48():
    assert total([48, 1]) == 49

def test_total_of_case_49():
    assert total([49, 1]) == 50

def test_total_of_case_50():
    assert total([50, 1]) == 51

def test_total_of_case_51():
    assert total([51, 1]) == 52

def test_total_of_case_52():
    assert total([52, 1]) == 53

def test_total_of_case_53():
    assert total([53, 1]) == 54

def test_total_of_case_54():
    assert total([54, 1]) == 55

def test_total_of_case_55():
    assert total([55, 1]) == 56

def test_total_of_case_56():
    assert total([56, 1]) == 57

def test_total_of_case_57():
    assert total([57, 1]) == 58

def test_total_of_case_58():
    assert total([58, 1]) == 59

def test_total_of_case_59():
    assert total([59, 1]) == 60

def test_total_of_case_60():
    assert total([60, 1]) == 61

def test_total_of_case_61():
    assert total([61, 1]) == 62

def test_total_of_case_62():
    assert total([62, 1]) == 63

def test_total_of_case_63():
    assert total([63, 1]) == 64

def test_total_of_case_64():
    assert total([64, 1]) == 65

def test_total_of_case_65():
    assert total([65, 1]) == 66

def test_total_of_case_66():
    assert total([66, 1]) == 67

def test_total_of_case_67():
    assert total([67, 1]) == 68

def test_total_of_case_68():
    assert total([68, 1]) == 69

def test_total_of_case_69():
    assert total([69, 1]) == 70

def test_total_of_case_70():
    assert total([70, 1]) == 71

def test_total_of_case_71():
    assert total([71, 1]) == 72

def test_total_of_case_72():
    assert total([72, 1]) == 73

def test_total_of_case_73():
    assert total([73, 1]) == 74

def test_total_of_case_74():
    assert total([74, 1]) == 75

def test_total_of_case_75():
    assert total([75, 1]) == 76

def test_total_of_case_76():
    assert total([76, 1]) == 77

def test_total_of_case_77():
    assert total([77, 1]) == 78

def test_total_of_case_78():
    assert total([78, 1]) == 79

def test_total_of_case_79():
    assert total([79, 1]) == 80

def test_total_of_case_80():
    assert total([80, 1]) == 81

def test_total_of_case_81():
    assert total([81, 1]) == 82

def test_total_of_case_82():
    assert total([82, 1]) == 83

def test_total_of_case_83():
    assert total([83, 1]) == 84

def test_total_of_case_84():
    assert total([84, 1]) == 85

def test_total_of_case_85():
    assert total([85, 1]) == 86

def test_total_of_case_86():
    assert total([86, 1]) == 87

def test_total_of_case_87():
    assert total([87, 1]) == 88

def test_total_of_case_88():
    assert total([88, 1]) == 89

def test_total_of_case_89():
    assert total([89, 1]) == 90

def test_total_of_case_90():
    assert total([90, 1]) == 91

def test_total_of_case_91():
    assert total([91, 1]) == 92

def test_total_of_case_92():
    assert total([92, 1]) == 93

def test_total_of_case_93():
    assert total([93, 1]) == 94

def test_total_of_case_94():
    assert total([94, 1]) == 95

def test_total_of_case_95():
    assert total([95, 1]) == 96

def test_total_of_case_96():
    assert total([96, 1]) == 97

def test_total_of_case_97():
    assert total([97, 1]) == 98

def test_total_of_case_98():
    assert total([98, 1]) == 99

def test_total_of_case_99():
    assert total([99, 1]) == 100

def test_total_of_case_100():
    assert total([100, 1]) == 101

def test_total_of_case_101():
    assert total([101, 1]) == 102

def test_total_of_case_102():
    assert total([102, 1]) == 103

def test_total_of_case_103():
    assert total([103, 1]) == 104

def test_total_of_case_104():
    assert total([104, 1]) == 105

def test_total_of_case_105():
    assert total([105, 1]) == 106

def test_total_of_case_106():
    assert total([106, 1]) == 107

def test_total_of_case_107():
    assert total([107, 1]) == 108

def test_total_of_case_108():
    assert total([108, 1]) == 109

def test_total_of_case_109():
    assert total([109, 1]) == 110

def test_total_of_case_110():
    assert total([110, 1]) == 111

def test_total_of_case_111():
    assert total([111, 1]) == 112

def test_total_of_case_112():
    assert total([112, 1]) == 113

def test_total_of_case_113():
    assert total([113, 1]) == 114

def test_total_of_case_114():
    assert total([114, 1]) == 115

def test_total_of_case_115():
    assert total([115, 1]) == 116

def test_total_of_case_116():
    assert total([116, 1]) == 117

def test_total_of_case_117():
    assert total([117, 1]) == 118

def test_total_of_case_118():
    assert total([118, 1]) == 119

def test_total_of_case_119():
    assert total([119, 1]) == 120

def test_total_of_case_120():
    assert total([120, 1]) == 121

def test_total_of_case_121():
    assert total([121, 1]) == 122

def test_total_of_case_122():
    assert total([122, 1]) == 123

def test_total_of_case_123():
    assert total([123, 1]) == 124

def test_total_of_case_124():
    assert total([124, 1]) == 125

def test_total_of_case_125():
    assert total([125, 1]) == 126

def test_total_of_case_126():
    assert total([126, 1]) == 127

def test_total_of_case_127():
    assert total([127, 1]) == 128

def test_total_of_case_128():
    assert total([128, 1]) == 129

def test_total_of_case_129():
    assert total([129, 1]) == 130

def test_total_of_case_130():
    assert total([130, 1]) == 131

def test_total_of_case_131():
    assert total([131, 1]) == 132

def test_total_of_case_132():
    assert total([132, 1]) == 133

def test_total_of_case_133():
    assert total([133, 1]) == 134

def test_total_of_case_134():
    assert total([134, 1]) == 135

def test_total_of_case_135():
    assert total([135, 1]) == 136

def test_total_of_case_136():
    assert total([136, 1]) == 137

def test_total_of_case_137():
    assert total([137, 1]) == 138

def test_total_of_case_138():
    assert total([138, 1]) == 139

def test_total_of_case_139():
    assert total([139, 1]) == 140

def test_total_of_case_140():
    assert total([140, 1]) == 141

def test_total_of_case_141():
    assert total([141, 1]) == 142

def test_total_of_case_142():
    assert total([142, 1]) == 143

def test_total_of_case_143():
    assert total([143, 1]) == 144

def test_total_of_case_144():
    assert total([144, 1]) == 145

def test_total_of_case_145():
    assert total([145, 1]) == 146

def test_total_of_case_146():
    assert total([146, 1]) == 147

def test_total_of_case_147():
    assert total([147, 1]) == 148

def test_total_of_case_148():
    assert total([148, 1]) == 149

def test_total_of_case_149():
    assert total([149, 1]) == 150

def test_total_of_case_150():
    assert total([150, 1]) == 151

def test_total_of_case_151():
    assert total([151, 1]) == 152

def test_total_of_case_152():
    assert total([152, 1]) == 153

def test_total_of_case_153():
    assert total([153, 1]) == 154

def test_total_of_case_154():
    assert total([154, 1]) == 155

def test_total_of_case_155():
    assert total([155, 1]) == 156

def test_total_of_case_156():
    assert total([156, 1]) == 157

def test_total_of_case_157():
    assert total([157, 1]) == 158

def test_total_of_case_158():
    assert total([158, 1]) == 159

def test_total_of_case_159():
    assert total([159, 1]) == 160

def test_total_of_case_160():
    assert total([160, 1]) == 161

def test_total_of_case_161():
    assert total([161, 1]) == 162

def test_total_of_case_162():
    assert total([162, 1]) == 163

def test_total_of_case_163():
    assert total([163, 1]) == 164

def test_total_of_case_164():
    assert total([164, 1]) == 165

def test_total_of_case_165():
    assert total([165, 1]) == 166

def test_total_of_case_166():
    assert total([166, 1]) == 167

def test_total_of_case_167():
    assert total([167, 1]) == 168

def test_total_of_case_168():
    assert total([168, 1]) == 169

def test_total_of_case_169():
    assert total([169, 1]) == 170

def test_total_of_case_170():
    assert total([170, 1]) == 171

def test_total_of_case_171():
    assert total([171, 1]) == 172

def test_total_of_case_172():
    assert total([172, 1]) == 173

def test_total_of_case_173():
    assert total([173, 1]) == 174

def test_total_of_case_174():
    assert total([174, 1]) == 175

def test_total_of_case_175():
    assert total([175, 1]) == 176

def test_total_of_case_176():
    assert total([176, 1]) == 177

def test_total_of_case_177():
    assert total([177, 1]) == 178

def test_total_of_case_178():
    assert total([178, 1]) == 179

def test_total_of_case_179():
    assert total([179, 1]) == 180

def test_total_of_case_180():
    assert total([180, 1]) == 181

def test_total_of_case_181():
    assert total([181, 1]) == 182

def test_total_of_case_182():
    assert total([182, 1]) == 183

def test_total_of_case_183():
    assert total([183, 1]) == 184

def test_total_of_case_184():
    assert total([184, 1]) == 185

def test_total_of_case_185():
    assert total([185, 1]) == 186

def test_total_of_case_186():
    assert total([186, 1]) == 187

def test_total_of_case_187():
    assert total([187, 1]) == 188

def test_total_of_case_188():
    assert total([188, 1]) == 189

def test_total_of_case_189():
    assert total([189, 1]) == 190

def test_total_of_case_190():
    assert total([190, 1]) == 191

def test_total_of_case_191():
    assert total([191, 1]) == 192

def test_total_of_case_192():
    assert total([192, 1]) == 193

def test_total_of_case_193():
    assert total([193, 1]) == 194

def test_total_of_case_194():
    assert total([194, 1]) == 195

def test_total_of_case_195():
    assert total([195, 1]) == 196

def test_total_of_case_196():
    assert total([196, 1]) == 197

def test_total_of_case_197():
    assert total([197, 1]) == 198

def test_total_of_case_198():
    assert total([198, 1]) == 199

def test_total_of_case_199():
    assert total([199, 1]) == 200

def test_total_of_negative_numbers():
    assert total([-2, -3]) == -6

def test_parse_config_with_a_trailing_comma():
    assert parse_config('{"port": 80,}')['port'] == 80

def test_total_of_case_200():
    assert total([200, 1]) == 201

def test_total_of_case_201():
    assert total([201, 1]) == 202

def test_total_of_case_202():
    assert total([202, 1]) == 203

def test_total_of_case_203():
    assert total([203, 1]) == 204

def test_total_of_case_204():
    assert total([204, 1]) == 205

def test_total_of_case_205():
    assert total([205, 1]) == 206

def test_total_of_case_206():
    assert total([206, 1]) == 207

def test_total_of_case_207():
    assert total([207, 1]) == 208

def test_total_of_case_208():
    assert total([208, 1]) == 209

def test_total_of_case_209():
    assert total([209, 1]) == 210

def test_total_of_case_210():
    assert total([210, 1]) == 211

def test_total_of_case_211():
    assert total([211, 1]) == 212

def test_total_of_case_212():
    assert total([212, 1]) == 213

def test_total_of_case_213():
    assert total([213, 1]) == 214

def test_total_of_case_214():
    assert total([214, 1]) == 215

def test_total_of_case_215():
    assert total([215, 1]) == 216

def test_total_of_case_216():
    assert total([216, 1]) == 217

def test_total_of_case_217():
    assert total([217, 1]) == 218

def test_total_of_case_218():
    assert total([218, 1]) == 219

def test_total_of_case_219():
    assert total([219, 1]) == 220

def test_total_of_case_220():
    assert total([220, 1]) == 221

def test_total_of_case_221():
    assert total([221, 1]) == 222

def test_total_of_case_222():
    assert total([222, 1]) == 223

def test_total_of_case_223():
    assert total([223, 1]) == 224

def test_total_of_case_224():
    assert total([224, 1]) == 225

def test_total_of_case_225():
    assert total([225, 1]) == 226

def test_total_of_case_226():
    assert total([226, 1]) == 227

def test_total_of_case_227():
    assert total([227, 1]) == 228

def test_total_of_case_228():
    assert total([228, 1]) == 229

def test_total_of_case_229():
    assert total([229, 1]) == 230

def test_total_of_case_230():
    assert total([230, 1]) == 231

def test_total_of_case_231():
    assert total([231, 1]) == 232

def test_total_of_case_232():
    assert total([232, 1]) == 233

def test_total_of_case_233():
    assert total([233, 1]) == 234

def test_total_of_case_234():
    assert total([234, 1]) == 235

def test_total_of_case_235():
    assert total([235, 1]) == 236

def test_total_of_case_236():
    assert total([236, 1]) == 237

def test_total_of_case_237():
    assert total([237, 1]) == 238

def test_total_of_case_238():
    assert total([238, 1]) == 239

def test_total_of_case_239():
    assert total([239, 1]) == 240

def test_total_of_case_240():
    assert total([240, 1]) == 241

def test_total_of_case_241():
    assert total([241, 1]) == 242

def test_total_of_case_242():
    assert total([242, 1]) == 243

def test_total_of_case_243():
    assert total([243, 1]) == 244

def test_total_of_case_244():
    assert total([244, 1]) == 245

def test_total_of_case_245():
    assert total([245, 1]) == 246

def test_total_of_case_246():
    assert total([246, 1]) == 247

def test_total_of_case_247():
    assert total([247, 1]) == 248

def test_total_of_case_248():
    assert total([248, 1]) == 249

def test_total_of_case_249():
    assert total([249, 1]) == 250

def test_total_of_case_250():
    assert total([250, 1]) == 251

def test_total_of_case_251():
    assert total([251, 1]) == 252

def test_total_of_case_252():
    assert total([252, 1]) == 253

def test_total_of_case_253():
    assert total([253, 1]) == 254

def test_total_of_case_254():
    assert total([254, 1]) == 255

def test_total_of_case_255():
    assert total([255, 1]) == 256

def test_total_of_case_256():
    assert total([256, 1]) == 257

def test_total_of_case_257():
    assert total([257, 1]) == 258

def test_total_of_case_258():
    assert total([258, 1]) == 259

def test_total_of_case_259():
    assert total([259, 1]) == 260

def test_total_of_case_260():
    assert total([260, 1]) == 261

def test_total_of_case_261():
    assert total([261, 1]) == 262

def test_total_of_case_262():
    assert total([262, 1]) == 263

def test_total_of_case_263():
    assert total([263, 1]) == 264

def test_total_of_case_264():
    assert total([264, 1]) == 265

def test_total_of_case_265():
    assert total([265, 1]) == 266

def test_total_of_case_266():
    assert total([266, 1]) == 267

def test_total_of_case_267():
    assert total([267, 1]) == 268

def test_total_of_case_268():
    assert total([268, 1]) == 269

def test_total_of_case_269():
    assert total([269, 1]) == 270

def test_total_of_case_270():
    assert total([270, 1]) == 271

def test_total_of_case_271():
    assert total([271, 1]) == 272

def test_total_of_case_272():
    assert total([272, 1]) == 273

def test_total_of_case_273():
    assert total([273, 1]) == 274

def test_total_of_case_274():
    assert total([274, 1]) == 275

def test_total_of_case_275():
    assert total([275, 1]) == 276

def test_total_of_case_276():
    assert total([276, 1]) == 277

def test_total_of_case_277():
    assert total([277, 1]) == 278

def test_total_of_case_278():
    assert total([278, 1]) == 279

def test_total_of_case_279():
    assert total([279, 1]) == 280

def test_total_of_case_280():
    assert total([280, 1]) == 281

def test_total_of_case_281():
    assert total([281, 1]) == 282

def test_total_of_case_282():
    assert total([282, 1]) == 283

def test_total_of_case_283():
    assert total([283, 1]) == 284

def test_total_of_case_284():
    assert total([284, 1]) == 285

def test_total_of_case_285():
    assert total([285, 1]) == 286

def test_total_of_case_286():
    assert total([286, 1]) == 287

def test_total_of_case_287():
    assert total([287, 1]) == 288

def test_total_of_case_288():
    assert total([288, 1]) == 289

def test_total_of_case_289():
    assert total([289, 1]) == 290

def test_total_of_case_290():
    assert total([290, 1]) == 291

def test_total_of_case_291():
    assert total([291, 1]) == 292

def test_total_of_case_292():
    assert total([292, 1]) == 293

def test_total_of_case_293():
    assert total([293, 1]) == 294

def test_total_of_case_294():
    assert total([294, 1]) == 295

def test_total_of_case_295():
    assert total([295, 1]) == 296

def test_total_of_case_296():
    assert total([296, 1]) == 297

def test_total_of_case_297():
    assert total([297, 1]) == 298

def test_total_of_case_298():
    assert total([298, 1]) == 299

def test_total_of_case_299():
    assert total([299, 1]) == 300

def test_total_of_case_300():
    assert total([300, 1]) == 301

def test_total_of_case_301():
    assert total([301, 1]) == 302

def test_total_of_case_302():
    assert total([302, 1]) == 303

def test_total_of_case_303():
    assert total([303, 1]) == 304

def test_total_of_case_304():
    assert total([304, 1]) == 305

def test_total_of_case_305():
    assert total([305, 1]) == 306

def test_total_of_case_306():
    assert total([306, 1]) == 307

def test_total_of_case_307():
    assert total([307, 1]) == 308

def test_total_of_case_308():
    assert total([308, 1]) == 309

def test_total_of_case_309():
    assert total([309, 1]) == 310

def test_total_of_case_310():
    assert total([310, 1]) == 311

def test_total_of_case_311():
    assert total([311, 1]) == 312

def test_total_of_case_312():
    assert total([312, 1]) == 313

def test_total_of_case_313():
    assert total([313, 1]) == 314

def test_total_of_case_314():
    assert total([314, 1]) == 315

def test_total_of_case_315():
    assert total([315, 1]) == 316

def test_total_of_case_316():
    assert total([316, 1]) == 317

def test_total_of_case_317():
    assert total([317, 1]) == 318

def test_total_of_case_318():
    assert total([318, 1]) == 319

def test_total_of_case_319():
    assert total([319, 1]) == 320

def test_total_of_case_320():
    assert total([320, 1]) == 321

def test_total_of_case_321():
    assert total([321, 1]) == 322

def test_total_of_case_322():
    assert total([322, 1]) == 323

def test_total_of_case_323():
    assert total([323, 1]) == 324

def test_total_of_case_324():
    assert total([324, 1]) == 325

def test_total_of_case_325():
    assert total([325, 1]) == 326

def test_total_of_case_326():
    assert total([326, 1]) == 327

def test_total_of_case_327():
    assert total([327, 1]) == 328

def test_total_of_case_328():
    assert total([328, 1]) == 329

def test_total_of_case_329():
    assert total([329, 1]) == 330

def test_total_of_case_330():
    assert total([330, 1]) == 331

def test_total_of_case_331():
    assert total([331, 1]) == 332

def test_total_of_case_332():
    assert total([332, 1]) == 333

def test_total_of_case_333():
    assert total([333, 1]) == 334

def test_total_of_case_334():
    assert total([334, 1]) == 335

def test_total_of_case_335():
    assert total([335, 1]) == 336

def test_total_of_case_336():
    assert total([336, 1]) == 337

def test_total_of_case_337():
    assert total([337, 1]) == 338

def test_total_of_case_338():
    assert total([338, 1]) == 339

def test_total_of_case_339():
    assert total([339, 1]) == 340

def test_total_of_case_340():
    assert total([340, 1]) == 341

def test_total_of_case_341():
    assert total([341, 1]) == 342

def test_total_of_case_342():
    assert total([342, 1]) == 343

def test_total_of_case_343():
    assert total([343, 1]) == 344

def test_total_of_case_344():
    assert total([344, 1]) == 345

def test_total_of_case_345():
    assert total([345, 1]) == 346

def test_total_of_case_346():
    assert total([346, 1]) == 347

def test_total_of_case_347():
    assert total([347, 1]) == 348

def test_total_of_case_348():
    assert total([348, 1]) == 349

def test_total_of_case_349():
    assert total([349, 1]) == 350

def test_total_of_case_350():
    assert total([350, 1]) == 351

def test_total_of_case_351():
    assert total([351, 1]) == 352

def test_total_of_case_352():
    assert total([352, 1]) == 353

def test_total_of_case_353():
    assert total([353, 1]) == 354

def test_total_of_case_354():
    assert total([354, 1]) == 355

def test_total_of_case_355():
    assert total([355, 1]) == 356

def test_total_of_case_356():
    assert total([356, 1]) == 357

def test_total_of_case_357():
    assert total([357, 1]) == 358

def test_total_of_case_358():
    assert total([358, 1]) == 359

def test_total_of_case_359():
    assert total([359, 1]) == 360

def test_total_of_case_360():
    assert total([360, 1]) == 361

def test_total_of_case_361():
    assert total([361, 1]) == 362

def test_total_of_case_362():
    assert total([362, 1]) == 363

def test_total_of_case_363():
    assert total([363, 1]) == 364

def test_total_of_case_364():
    assert total([364, 1]) == 365

def test_total_of_case_365():
    assert total([365, 1]) == 366

def test_total_of_case_366():
    assert total([366, 1]) == 367

def test_total_of_case_367():
    assert total([367, 1]) == 368

def test_total_of_case_368():
    assert total([368, 1]) == 369

def test_total_of_case_369():
    assert total([369, 1]) == 370

def test_total_of_case_370():
    assert total([370, 1]) == 371

def test_total_of_case_371():
    assert total([371, 1]) == 372

def test_total_of_case_372():
    assert total([372, 1]) == 373

def test_total_of_case_373():
    assert total([373, 1]) == 374

def test_total_of_case_374():
    assert total([374, 1]) == 375

def test_total_of_case_375():
    assert total([375, 1]) == 376

def test_total_of_case_376():
    assert total([376, 1]) == 377

def test_total_of_case_377():
    assert total([377, 1]) == 378

def test_total_of_case_378():
    assert total([378, 1]) == 379

def test_total_of_case_379():
    assert total([379, 1]) == 380

def test_total_of_case_380():
    assert total([380, 1]) == 381

def test_total_of_case_381():
    assert total([381, 1]) == 382

def test_total_of_case_382():
    assert total([382, 1]) == 383

def test_total_of_case_383():
    assert total([383, 1]) == 384

def test_total_of_case_384():
    assert total([384, 1]) == 385

def test_total_of_case_385():
    assert total([385, 1]) == 386

def test_total_of_case_386():
    assert total([386, 1]) == 387

def test_total_of_case_387():
    assert total([387, 1]) == 388

def test_total_of_case_388():
    assert total([388, 1]) == 389

def test_total_of_case_389():
    assert total([389, 1]) == 390

def test_total_of_case_390():
    assert total([390, 1]) == 391

def test_total_of_case_391():
    assert total([391, 1]) == 392

def test_total_of_case_392():
    assert total([392, 1]) == 393

def test_total_of_case_393():
    assert total([393, 1]) == 394

def test_total_of_case_394():
    assert total([394, 1]) == 395

def test_total_of_case_395():
    assert total([395, 1]) == 396

def test_total_of_case_396():
    assert total([396, 1]) == 397

def test_total_of_case_397():
    assert total([397, 1]) == 398

def test_total_of_case_398():
    assert total([398, 1]) == 399

def test_total_of_case_399():
    assert total([399, 1]) == 400

def test_error_handling_reports_the_error():
    assert 'error' in 'an error occurred'
