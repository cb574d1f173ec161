// What documents print about where their seller comes from, as weighted signals: legal forms,
// tax and registration identifiers, local money, country and town names, addresses, tax ids by their
// format, telephone formats, the language of a till's words. Each match adds its weight to its
// country (country.ts weighs them together).
import { AMBIGUOUS_US_STATE_CODES, MALAY_DISHES, US_STATE_CODES } from './vocabulary.js';

export type Signal = [RegExp, string, number];

export const SIGNALS: Signal[] = [
  // legal forms
  [/\bS(?:dn|DN|ON)\.?\s*B(?:hd|HD)\b|\bBerhad\b|\bBHD\b(?!\s*[\d.,]{2})|(?<=\s)S\/B\b/g, 'MY', 3],
  [/\bPte\.?\s*Ltd\b|\bPTE\.?\s*LTD\b/gi, 'SG', 3],
  [/\bPvt\.?\s*Ltd\b|\bPrivate\s+Limited\b|\bLLP\b(?=.*\bIndia\b)/gi, 'IN', 3],
  [/\bPty\.?\s*Ltd\b/gi, 'AU', 3],
  // ("(Pty) Ltd" in brackets is South Africa's private company)
  [/\(Pty\)\s*Ltd\b/gi, 'ZA', 3.5],
  [/\bS\.?\s?A\.?\s+de\s+C\.?\s?V\.?|\bS\.?\s?de\s+R\.?\s?L\.?/gi, 'MX', 3],
  [/\bGmbH\b|\bUG\s*\(haftungsbeschränkt\)|\be\.\s?K\./g, 'DE', 2],
  [/\bB\.\s?V\.|\bV\.o\.F\.|\bVOF\b/g, 'NL', 2],
  [/\bS\.?A\.?R\.?L\.?\b|\bSAS\b|\bS\.A\.S\.|\bEURL\b/g, 'FR', 2],
  [/\bS\.r\.l\.|\bS\.p\.A\.|\bSrl\b|\bSpA\b/g, 'IT', 2],
  [/\bS\.L\.U?\b|\bS\.L\.|\bSociedad\b/g, 'ES', 1.5],
  [/\bSp\.\s?z\s?o\.\s?o\.|\bsp\.\s?j\./gi, 'PL', 3],
  [/\bs\.r\.o\.|\ba\.s\.(?=\s|$)/g, 'CZ', 2],
  [/\bOyj?\b/g, 'FI', 2],
  [/\bApS\b/g, 'DK', 2],
  [/\bK\.K\.|\bKabushiki\b/g, 'JP', 2],
  [/\b(?:Inc\.?|LLC|L\.L\.C\.|Corp\.)(?=\s|,|$)/g, 'US', 1],
  [/\bPLC\b|\bplc\b/g, 'GB', 1],
  // tax and registration identifiers
  [/\bGSTIN\b|\bPAN\s*(?:No|Number)?\s*[:.]?\s*[A-Z]{5}\d{4}[A-Z]\b|\bCIN\s*[:.]?\s*[LU]\d{5}/g, 'IN', 4],
  [/\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/g, 'IN', 4], // a GSTIN itself
  [/\bABN\s*[:.]?\s*\d{2}\s?\d{3}\s?\d{3}\s?\d{3}\b/g, 'AU', 4],
  [/\bUEN\b/g, 'SG', 3],
  // a GST registration of 12 digits starting 00 is Malaysia's (Singapore's are letters and digits, India's a GSTIN)
  [/\bGST\s*(?:ID|No|Reg(?:istration)?(?:\s*No)?)\.?\s*[:.#;]?\s*00\d{10}\b/gi, 'MY', 3],
  [/\bSST\s*(?:Reg|No|ID)\b|\bROC\s*(?:No)?\s*[:.]?\s*\d+-?[A-Z]\b|\([A-Z]{0,3}\d{5,10}-[A-Z]\)/g, 'MY', 3],
  [/\bUSt-?Id(?:Nr)?\.?|\bSteuer-?Nr\.?|\bHRB\s*\d+|\bAmtsgericht\b|\bHandelsregister\b/gi, 'DE', 3],
  [/\bKvK\b|\bK\.v\.K\.|\bBTW-?(?:nr|nummer|id)\b/gi, 'NL', 3],
  // (a Belgian or Dutch till's bare "BTW": either way the euro)
  [/\bBTW\b/g, 'NL', 1.5],
  [/\bSIRE[NT]\b|\bRCS\s+[A-Z]|\bTVA\s+intracommunautaire\b/gi, 'FR', 3],
  [/\bNIP\s*[:.]?\s*\d{3}-?\d{3}-?\d{2}-?\d{2}\b|\bREGON\b/g, 'PL', 4],
  [/\bCVR(?:-?nr)?\b/gi, 'DK', 3],
  [/\bOrg\.?\s*nr\b|\bOrganisationsnummer\b/gi, 'SE', 2],
  [/\bEIN\s*[:.]?\s*\d{2}-\d{7}\b/g, 'US', 3],
  // a Swiss company id (UID "CHE-123.456.789", with MWST/TVA/IVA after it), a Mexican RFC, Canada's GST/HST and business number
  [/\bCHE-?\d{3}\.?\d{3}\.?\d{3}\b/g, 'CH', 4],
  [/\bRFC\s*[:.]?\s*[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}\b/g, 'MX', 4],
  [/\bGST\s*\/\s*HST\b|\bHST\b|\bQST\b|\bTVQ\b|\b\d{9}\s?RT\s?\d{4}\b/g, 'CA', 3],
  [/\bCompanies\s+House\b|\bregistered\s+in\s+England\b/gi, 'GB', 3],
  // local money
  [/\bRM\s?\d|\bRM\b|\bRinggit\b/g, 'MY', 2.5],
  [/\bS\$|\bSGD\b/g, 'SG', 2.5],
  [/₹|\bRs\.?\s?\d|\bINR\b|\bRupees?\b/g, 'IN', 2.5],
  [/zł|\bPLN\b/g, 'PL', 2.5],
  [/\bKč\b|\bCZK\b/g, 'CZ', 2.5],
  [/\bRp\.?\s?\d|\bIDR\b/g, 'ID', 2],
  [/฿|\bTHB\b|\bBaht\b/gi, 'TH', 2],
  [/₱|\bPHP\b/g, 'PH', 2],
  [/\bHK\$|\bHKD\b/g, 'HK', 2.5],
  [/\bA\$|\bAUD\b/g, 'AU', 2],
  [/\bNZ\$|\bNZD\b/g, 'NZ', 2],
  [/\bC\$|\bCAD\b/g, 'CA', 2],
  [/\bCHF\b|\bFr\.\s?\d/g, 'CH', 2],
  // (a "£" alone is often the OCR's "€": it says little of the country)
  [/\bGBP\b/g, 'GB', 1.5],
  [/£/g, 'GB', 0.5],
  [/\bSEK\b/g, 'SE', 2],
  [/\bNOK\b/g, 'NO', 2],
  [/\bDKK\b/g, 'DK', 2],
  // country names in addresses
  [/\bMalaysia\b/gi, 'MY', 3],
  [/\bSingapore\s*\d{6}\b|\bRepublic of Singapore\b/gi, 'SG', 3],
  [/\bSingapore\b/gi, 'SG', 1.5],
  [/\bIndia\b|\bBharat\b/gi, 'IN', 2.5],
  [/\bIndonesia\b/gi, 'ID', 2.5],
  [/\bThailand\b/gi, 'TH', 2.5],
  [/\bPhilippines\b/gi, 'PH', 2.5],
  // the Philippines' receipts: the seller's VAT registration and the sales the BIR has them print apart, towns, GCash
  [/\bVAT\s*REG\.?\s*TIN\b|\bVATable\s+Sales\b|\bVAT[- ]Exempt\s+Sales\b|\bZero[- ]Rated\s+Sales\b|\bGCash\b|\bBIR\s+(?:Accr\w*|Permit|ATP)\b/gi, 'PH', 3],
  [/\b(?:Quezon\s+City|Makati|Manila|Pasig|Taguig|Cebu\s+City|Davao|Marikina|Mandaluyong|Parañaque|Pasay)\b/g, 'PH', 1],
  // Hong Kong: its districts (in Chinese and English) and its transit card
  [/香港|九龍|九龙|新界|旺角|銅鑼灣|尖沙咀|八達通|\bKowloon\b|\bHong\s+Kong\b|\bTsim\s+Sha\s+Tsui\b|\bMong\s+Kok\b|\bCauseway\s+Bay\b/g, 'HK', 2.5],
  [/\b(?:Bangkok|Chiang\s+Mai|Chiang\s+Rai|Phuket|Pattaya|Krabi|Khon\s+Kaen|Hua\s+Hin)\b/g, 'TH', 1],
  [/\bAustralia\b/gi, 'AU', 2.5],
  [/\bNew Zealand\b/gi, 'NZ', 2.5],
  [/\bUnited States\b|\bU\.S\.A\.?|\bUSA\b/g, 'US', 2.5],
  [/\bCanada\b/gi, 'CA', 2.5],
  [/\bUnited Kingdom\b|\bEngland\b|\bScotland\b|\bWales\b/gi, 'GB', 2.5],
  [/\bDeutschland\b|\bGermany\b/gi, 'DE', 2.5],
  [/\bNederland\b|\bNetherlands\b/gi, 'NL', 2.5],
  [/\bBelgi(?:[eë]|que|um)\b/gi, 'BE', 2.5],
  [/\bFrance\b/gi, 'FR', 2],
  [/(?<![A-Za-zÀ-ÿ])Österreich\b|\bAustria\b/gi, 'AT', 2.5],
  [/\bSchweiz\b|\bSuisse\b|\bSwitzerland\b/gi, 'CH', 2.5],
  [/\bItalia\b|\bItaly\b/gi, 'IT', 2.5],
  [/\bEspaña\b|\bSpain\b/gi, 'ES', 2.5],
  [/\bPolska\b|\bPoland\b/gi, 'PL', 2.5],
  [/\bSverige\b|\bSweden\b/gi, 'SE', 2.5],
  [/\bNorge\b|\bNorway\b/gi, 'NO', 2.5],
  [/\bDanmark\b|\bDenmark\b/gi, 'DK', 2.5],
  [/\bSuomi\b|\bFinland\b/gi, 'FI', 2.5],
  [/\bIreland\b|(?<![A-Za-zÀ-ÿ])Éire\b/gi, 'IE', 2.5],
  [/\bSouth Africa\b|\bSuid-Afrika\b/gi, 'ZA', 2.5],
  [/\bMéxico\b|\bMexico\b|\bCDMX\b/g, 'MX', 2.5],
  // tax identifiers by their own format: a German VAT id (DE + 9 digits), a UK one (GB + 9 or 12
  // digits), a New Zealand GST number (8–9 digits as 2–3/3/3), a Malaysian SST registration
  [/\bDE\s?\d{9}\b/g, 'DE', 3],
  // a Belgian VAT or company number ("BTW BE 0400.378.485", "TVA BE0400378485"), a Dutch VAT id ("NL123456789B01")
  [/\bBE\s?[01]\d{3}[.\s]?\d{3}[.\s]?\d{3}\b/g, 'BE', 3],
  [/\bNL\s?\d{9}\s?B\d{2}\b/g, 'NL', 3],
  // (a till prints it in groups: "DE 115 055 186")
  [/\bDE\s?\d{3}\s\d{3}\s\d{3}\b/g, 'DE', 3],
  [/\bGB\s?\d{3}\s?\d{4}\s?\d{2}(?:\s?\d{3})?\b/g, 'GB', 3],
  [/\bGST\s*(?:No|Number|Reg(?:istration)?(?:\s*No)?)?\.?\s*[:.#]?\s*\d{2,3}[- ]\d{3}[- ]\d{3}\b/gi, 'NZ', 3],
  [/\b[A-Z]\d{2}-\d{4}-\d{8}\b/g, 'MY', 3],
  // addresses: an Australian state before its 4-digit postcode, a German "D-" postcode, a Dutch or
  // New Zealand town with its postcode, the large towns of a few countries
  [/\b(?:NSW|VIC|QLD|TAS|ACT|NT)\s+\d{4}\b/g, 'AU', 2.5],
  [/\bD-\d{5}\s+\p{Lu}/gu, 'DE', 2.5],
  [/\b(?:Auckland|Wellington|Christchurch|Hamilton|Tauranga|Dunedin|Palmerston North|Napier|Nelson|Rotorua|New Plymouth|Whangarei|Invercargill|Queenstown)\b[\s,]*\d{4}\b/g, 'NZ', 2.5],
  [/\b\d{5}\s+(?:Berlin|Hamburg|München|Muenchen|Köln|Koeln|Frankfurt|Stuttgart|Düsseldorf|Duesseldorf|Dortmund|Essen|Leipzig|Bremen|Dresden|Hannover|Nürnberg|Nuernberg|Duisburg|Bochum|Wuppertal|Bielefeld|Bonn|Münster|Karlsruhe|Mannheim|Augsburg|Wiesbaden|Freiburg|Kiel|Rostock|Mainz|Potsdam|Regensburg)\b/g, 'DE', 2.5],
  [/\b\d{5}\s+(?:Paris|Marseille|Lyon|Toulouse|Nice|Nantes|Strasbourg|Montpellier|Bordeaux|Lille|Rennes|Reims|Grenoble|Dijon|Angers|Brest)\b/gi, 'FR', 2.5],
  [/\b(?:London|Manchester|Birmingham|Glasgow|Edinburgh|Leeds|Liverpool|Bristol|Cardiff|Belfast)\b[\s,]+[A-Z]{1,2}\d/g, 'GB', 2],
  // East Asia by its script and forms: kana is Japan's alone, Hangul Korea's; Japan's legal forms, qualified-invoice
  // registration (T + 13 digits) and postcode mark; simplified Chinese tax words are the mainland's, the
  // Republic's years and uniform invoice words Taiwan's
  [/[\u3040-\u30ff]{2,}/g, 'JP', 1],
  [/株式会社|有限会社|合同会社|㈱|[(（]株[)）]|登録番号\s*[:：]?\s*T\d{13}|〒\s?\d{3}-?\d{4}|消費税/g, 'JP', 3],
  [/[\uac00-\ud7af]{2,}/g, 'KR', 1],
  [/사업자\s?등록\s?번호|주식회사|㈜|부가세|부가가치세/g, 'KR', 3],
  [/发票|增值税|人民币|统一社会信用代码|纳税人识别号|税额/g, 'CN', 3],
  [/統一編號|統一發票|民國|臺北|台北|新北市|營業稅/g, 'TW', 3],
  // Africa, South Asia and the Gulf: tax ids by their labels and formats, large towns, the countries' names
  // (an id and a town are two signals: each adds its own weight)
  [/\bNTN\b\s*(?:No\.?)?\s*[:.]?\s*\d{7}-?\d\b/g, 'PK', 4],
  // (a country's name weighs 2.5, as elsewhere; its large towns 1.5 — only towns whose names are no common word, given
  // name or surname, nor another country's town: not Rabat (a discount in Danish and Polish), Jordan, Lagos (also
  // Portugal's), Alexandria, Colombo, Medina, Mecca, Muscat)
  [/\b(?:Pakistan)\b/g, 'PK', 2.5],
  [/\b(?:Karachi|Lahore|Islamabad|Rawalpindi|Faisalabad)\b/g, 'PK', 1.5],
  [/\bSri\s+Lanka\b/g, 'LK', 2.5],
  [/\b(?:Dhaka|Chittagong)\b/g, 'BD', 1.5],
  [/\bBangladesh\b/g, 'BD', 2.5],
  [/\bKathmandu\b/g, 'NP', 1.5],
  [/\bNepal\b/g, 'NP', 2.5],
  [/\bICE\s*[:.]?\s*\d{15}\b/g, 'MA', 4],
  [/\b(?:Casablanca|Marrakech|Agadir)\b/g, 'MA', 1.5],
  [/\b(?:Maroc|Morocco)\b/g, 'MA', 2.5],
  [/\b(?:Tunis|Sfax)\b/g, 'TN', 1.5],
  [/\b(?:Tunisie|Tunisia)\b/g, 'TN', 2.5],
  [/\b(?:Alg[ée]rie|Algeria)\b/g, 'DZ', 2.5],
  [/\b(?:Cairo|Giza)\b/g, 'EG', 1.5],
  [/\bEgypt\b/g, 'EG', 2.5],
  [/\b(?:Abuja|Ikeja|Port\s+Harcourt)\b/g, 'NG', 1.5],
  [/\bNigeria\b/g, 'NG', 2.5],
  [/\bKRA\s+PIN\b|\bPIN\s*[:.]?\s*[AP]\d{9}[A-Z]\b/g, 'KE', 4],
  [/\b(?:Nairobi|Mombasa|Kisumu)\b/g, 'KE', 1.5],
  [/\bKenya\b/g, 'KE', 2.5],
  [/\b(?:Accra|Kumasi)\b/g, 'GH', 1.5],
  [/\bGhana\b/g, 'GH', 2.5],
  [/\b(?:Dar\s+es\s+Salaam|Tanzania)\b/g, 'TZ', 2.5],
  [/\b(?:Kampala|Uganda)\b/g, 'UG', 2.5],
  [/\b(?:Doha|Qatar)\b/g, 'QA', 2.5],
  [/\bKuwait\b/g, 'KW', 2.5],
  [/\b(?:Manama|Bahrain)\b/g, 'BH', 2.5],
  [/\bSultanate\s+of\s+Oman\b|\bOman\b/g, 'OM', 2.5],
  [/\bAmman\b/g, 'JO', 1.5],
  [/\b(?:Dubai|Abu\s+Dhabi|Sharjah|Ajman)\b/g, 'AE', 1.5],
  [/\b(?:U\.A\.E\.?|UAE|United\s+Arab\s+Emirates)\b/g, 'AE', 2.5],
  [/\bTRN\s*[:.]?\s*100\d{12}\b/g, 'AE', 4],
  [/\b(?:Riyadh|Jeddah|Dammam)\b/g, 'SA', 1.5],
  [/\b(?:Saudi\s+Arabia|KSA)\b/g, 'SA', 2.5],
  [/\bVAT\s*(?:No|Number|Reg)?\.?\s*[:.]?\s*3\d{13}3\b/g, 'SA', 4],
  // Latin America's tax ids: Chile's RUT, Argentina's CUIT, Colombia's NIT, Peru's RUC (with their own formats)
  [/\bR\.?U\.?T\.?(?![A-Za-z])\s*(?:N[°º]\s*)?[:.]?\s*\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]\b/g, 'CL', 4],
  [/\bC\.?U\.?I\.?T\.?(?![A-Za-z])\s*(?:N[°º]\s*)?[:.]?\s*\d{2}-?\d{8}-?\d\b|\bIngresos\s+Brutos\b|\bC\.?A\.?B\.?A\b/g, 'AR', 4],
  // the countries' own names and telephone codes
  // (a telephone code with the space or dash after it that a number has, not an amount's "+570.00")
  [/\bChile\b|\+56[\s-]\d/g, 'CL', 2],
  [/\bArgentina\b|\+54[\s-]\d/g, 'AR', 2],
  [/\bColombia\b|\+57[\s-]\d/g, 'CO', 2],
  [/\bNIT\b\s*[:.]?\s*\d{3}\.?\d{3}\.?\d{3}-\d\b/g, 'CO', 3],
  [/\bRUC\b\s*(?:N[°º]\s*)?[:.]?\s*(?:10|15|17|20)\d{9}\b|\bSUNAT\b/g, 'PE', 4],
  // Vietnam: its tax code's label, its VAT's name, its large towns; Thailand: its script and tax id label
  [/Mã\s+số\s+thuế|\bGTGT\b|Hồ\s+Chí\s+Minh|Hà\s+Nội|Việt\s+Nam|Đà\s+Nẵng|(?<!\p{L})VNĐ(?!\p{L})/giu, 'VN', 3],
  [/[\u0e00-\u0e7f]{3,}/g, 'TH', 1],
  [/เลขประจำตัวผู้เสียภาษี|ภาษีมูลค่าเพิ่ม|บาท/g, 'TH', 3],
  // Russia, Ukraine, Bulgaria, Serbia, Greece and Cyprus: their tax and company ids, their VAT's name, letters only their language has
  [/(?<![А-Яа-яЁё])(?:ИНН|КПП|ОГРН|ОГРНИП|БИК|НДС)(?![А-Яа-яЁё])|[ыэЫЭ]/g, 'RU', 1],
  [/(?<![А-Яа-яІіЇїЄє])(?:ЄДРПОУ|ІПН|ПДВ)(?![А-Яа-яІіЇїЄє])|[іїєґІЇЄҐ]/g, 'UA', 1],
  [/(?<![А-Яа-я])(?:ЕИК|ДДС|БУЛСТАТ)(?![А-Яа-я])/g, 'BG', 3],
  [/(?<![А-Яа-яЈјЉљЊњЋћЂђЏџ])(?:ПИБ|ПДВ\s+обвезник)(?![А-Яа-я])|[јљњћђџЈЉЊЋЂЏ]/g, 'RS', 1],
  [/(?<![Α-Ωα-ωάέήίόύώ])(?:ΑΦΜ|Α\.Φ\.Μ\.|ΔΟΥ|Δ\.Ο\.Υ\.|ΦΠΑ|Φ\.Π\.Α\.)(?![Α-Ωα-ω])|[\u0370-\u03ff]{3,}/g, 'GR', 1],
  // the language a shop prints in (a weak hint: German is also Austria's and Switzerland's)
  [/\b(?:Rechnung|Summe|MwSt|Mwst|Bar(?:geld)?|Rückgeld|Rueckgeld|Gesamtbetrag|Kassenbon|Vielen Dank|Ihr Einkauf|Einkauf|Zahlbetrag|Steuernummer|Lieferschein|Kunden-?nr)\b/g, 'DE', 0.75],
  // (a till's own words: when and where it was paid, how, before and after tax)
  [/\b(?:Uhr|Kasse|Artikel|Filiale|Kartenzahlung|Barzahlung|zu zahlen|Netto|Brutto|Betrag|Beleg|Bon-?Nr|Danke|Steuer|Rückgabe|Kundenbeleg|KUNDENBELEG|Datum|Kreditkarte|Zahlung)\b/g, 'DE', 0.75],
  // a German street ("Warburger Straße 130", the OCR's "StraBe"): also Austria's, also a euro country
  [/(?<!\p{L})\p{L}{0,40}(?:straße|strasse|straBe)\s+\d/giu, 'DE', 1.5],
  [/\b(?:Facture|Montant|TTC|Merci|Espèces|Especes|Rendu|Règlement|Reglement|Caisse)\b/g, 'FR', 0.75],
  // Italian and Spanish tills' own words (a weak hint each, as the other languages')
  [/\b(?:Scontrino|Coperti|Tavolo|TAV\.|Contanti|Resto|Totale|Grazie|Telefono|Sala|Documento\s+commerciale|Pagamento\s+elettronico|documento\s+fiscale)\b/gi, 'IT', 0.75],
  [/\b(?:Factura\s+simplificada|Efectivo|Cambio|Gracias|Camarero|Mesa|Cuenta|Importe|Tarjeta|Base\s+imponible)\b/gi, 'ES', 0.75],
  // Dutch tills' own words (a Dutch shop's receipt: "TOTAAL", "PINNEN", "Wisselgeld"; towns are also streets abroad: "Amsterdam Ave")
  [/\b(?:Totaal|Pinnen|Gepind|Wisselgeld|Statiegeld|Bonnummer|Bedankt|Betaald|Contant|Bezorgkosten|Afrekenen)\b/gi, 'NL', 0.75],
  [/\b(?:Jumlah|Tunai|Baki|Terima kasih|Cukai|Harga|Kuantiti)\b/gi, 'MY', 1],
  // the states of a federation print after the town in every address
  [/\b(?:Johor|Selangor|Kuala Lumpur|Pulau Pinang|Penang|Perak|Pahang|Kedah|Kelantan|Terengganu|Melaka|Negeri Sembilan|Sabah|Sarawak|Perlis|Putrajaya|Labuan)\b/gi, 'MY', 1.5],
  // a Malaysian landline: a one-digit area code and a dash ("03-3279 1851", "07-355 1234")
  [/(?<![\d-])0[3-9]-\s?\d{3,4}[\s-]?\d{4}(?!\d)/g, 'MY', 1.5],
  // Malay street words (Jalan, Taman, Lorong) in an address
  // ("Kg" is a kampung before a name, a kilogram after a number: "0,59 Kg Gambas")
  [/\b(?:Jalan|Jln|Taman|Tmn|Lorong|Lrg|Persiaran|Kampung)\b\.?\s+\w|(?<![\d.,]\s?)\bKg\b\.?\s+\p{Lu}/giu, 'MY', 1.5],
  // Portugal: its postcode (NNNN-NNN) before the town, company and taxpayer ids, a certified till's line, its language
  // (on its line, not a document number's "Invoice no.: 2024-009" before the next line)
  [/(?<!(?:no|nr|n[°º]|#|number)\.?\s?:?\s{0,3})\b\d{4}-\d{3}[^\S\n]+\p{Lu}/giu, 'PT', 2.5],
  [/\bNIPC\b|\bContribuinte\b|\bC\.?R\.?C\.?\s|\bprograma certificado\b|\bATCUD\b|\bMatr[ií]cula\b/gi, 'PT', 3],
  [/\bLda\.?(?=\s|,|$)|\bLDA\b|\bUnipessoal\b/g, 'PT', 2],
  [/\b(?:Obrigad[oa]|Fatura|Fatura-Recibo|Factura-Recibo|Talão|Talao|Troco|Numerário|Numerario|Morada|Pagamento|Artigos|Atendido)\b/g, 'PT', 0.75],
  [/\bPortugal\b/gi, 'PT', 2.5],
  [/\b(?:Lisboa|Porto|Braga|Coimbra|Faro|Aveiro|Setúbal|Setubal|Funchal|Amadora|Almada|Cascais|Sintra|Oeiras|Matosinhos|Gaia|Loures|Leiria|Viseu|Evora)\b|(?<![A-Za-zÀ-ÿ])Évora\b/g, 'PT', 1.5],
  // Indonesia: a street (Jl.), the till's words (cash, change, VAT), large towns
  [/\bJl\.\s?\p{Lu}|\b(?:Kembali|Kembalian|PPN|Pajak|Tunai\s+Kembali|Jakarta|Bandung|Surabaya|Tangerang|Bekasi|Depok|Medan|Semarang|Yogyakarta|Denpasar|Makassar|Bogor)\b/gu, 'ID', 1.5],
  [/\bIndonesia\b/gi, 'ID', 2.5],
  // Indonesia's restaurant tax ("PB1 10%", Pajak Bangunan 1)
  [/\bPB\s?1\b/g, 'ID', 3],
  // dishes and drinks named in Malay or Indonesian (both countries' menus): a weak hint for each, told apart
  // by how the till writes money (malayMoney below)
  [new RegExp(String.raw`\b(?:${MALAY_DISHES})\b`, 'gi'), 'MY', 0.5],
  [new RegExp(String.raw`\b(?:${MALAY_DISHES})\b`, 'gi'), 'ID', 0.5],
  [/\b(?:Maharashtra|Karnataka|Tamil Nadu|Kerala|Gujarat|Rajasthan|Uttar Pradesh|West Bengal|Telangana|Andhra Pradesh|Haryana|Punjab|New Delhi|Delhi|Mumbai|Bengaluru|Bangalore|Chennai|Kolkata|Hyderabad)\b/gi, 'IN', 1.5],
  [new RegExp(String.raw`\b(?:${US_STATE_CODES}|${AMBIGUOUS_US_STATE_CODES}),?\s+\d{5}(?:-\d{4})?\b`, 'g'), 'US', 2.5],
  [/\b[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}\b/g, 'GB', 1.5], // UK postcode
  // a North American phone number ("(818) 898-0880", "603-437-7251"), a town and its state closing a line
  // ("Windham NH"), a restaurant bill's server, guests and tip
  [/\(\d{3}\)\s?\d{3}-\d{4}\b|(?<![\d-])\d{3}-\d{3}-\d{4}(?![\d-])/g, 'US', 1.5],
  [new RegExp(String.raw`^[^\S\n]*(?:#\d{1,6}[^\S\n]+)?\p{Lu}[\p{L}.' ]{2,30},?\s(?:${US_STATE_CODES})\.?[^\S\n]*$`, 'gmu'), 'US', 2],
  // (also closing a street line: "1427 WASHINGTON AVE., NEW ORLEANS, LA")
  [new RegExp(String.raw`^[^\S\n]*\d+\s[^\n]*,\s*\p{Lu}[\p{L}.' ]{2,30},\s?(?:${US_STATE_CODES})\.?[^\S\n]*$`, 'gmu'), 'US', 2],
  [/\b(?:Server|Guests?|Gratuity|Suggested Tip|Tip)\b\s*[:#(]/g, 'US', 0.75],
  // a Canadian province before its postcode ("Toronto, ON M5X 1A9")
  [/\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/g, 'CA', 3],
  // a Swiss postcode with its town, and the Swiss thousands mark (1'000.00)
  [/\b\d{4}\s+(?:Zürich|Zurich|Genève|Geneve|Genf|Basel|Bern|Lausanne|Luzern|Lucerne|Winterthur|St\.?\s?Gallen|Lugano|Biel|Thun|Zug|Fribourg|Schaffhausen|Chur|Neuchâtel|Sion|Aarau|Baden)\b/g, 'CH', 2.5],
  [/\d'\d{3}(?:'\d{3})*[.,]\d{2}\b/g, 'CH', 1.5],
  [/\b(?:Johannesburg|Cape Town|Durban|Pretoria|Port Elizabeth|Gqeberha|Bloemfontein|Sandton|Centurion|Stellenbosch)\b/g, 'ZA', 2.5],
  [/\b[1-9]\d{3}[ ]?(?!SA|SD|SS)[A-Z]{2}[ ]+[A-Z][a-z]{2,}/g, 'NL', 1], // Dutch postcode + town
];
