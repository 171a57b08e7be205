/**
 * The sandbox valuation provider's vehicle data as typed (issue 34 item 5): per make, its common models as
 * `model|vehicle type|first-last model year|style:base value;…`, the base value an MSRP-like price of the style
 * in 2026 dollars. `generate.ts` turns this into `vehicles.json` (ids, checks); edit here, then run
 * `npx tsx apps/server/src/integrations/vehicles/data/generate.ts` (then `npx prettier --write` the JSON).
 */
export const vehicleSource: Record<string, readonly string[]> = {
  Acura: [
    'MDX|SUV|2012-2027|Base:51000;Technology:55300;A-Spec:61500',
    'RDX|SUV|2013-2027|Base:44700;A-Spec:49200',
    'TLX|Car|2015-2026|Base:45500;A-Spec:49800;Type S:57400',
  ],
  Audi: [
    'A4|Car|2012-2027|Premium:42800;Premium Plus:47100',
    'Q5|SUV|2012-2027|Premium:46900;Premium Plus:51700;Prestige:58400',
    'Q7|SUV|2012-2027|Premium:60500;Prestige:74900',
  ],
  BMW: [
    '3 Series|Car|2012-2027|330i:45500;M340i:58400',
    'X3|SUV|2012-2027|sDrive30i:49500;xDrive30i:51500;M40i:64400',
    'X5|SUV|2012-2027|sDrive40i:67600;xDrive40i:69900;M60i:90800',
  ],
  Buick: [
    'Enclave|SUV|2012-2027|Preferred:46200;Avenir:59000',
    'Encore|SUV|2013-2022|Preferred:24700;Essence:27600',
    'Envision|SUV|2016-2027|Preferred:37000;Avenir:44200',
  ],
  Chevrolet: [
    'Silverado 1500|Truck|2012-2027|WT:37600;LT:49300;RST:54600;High Country:66900',
    'Equinox|SUV|2012-2027|LS:28600;LT:31100;RS:33800',
    'Malibu|Car|2012-2025|LS:25100;LT:27400;2LT:31300',
    'Tahoe|SUV|2012-2027|LS:58200;LT:63400;Z71:69000;High Country:81500',
    'Traverse|SUV|2012-2027|LS:38400;LT:42500;RS:53600',
    'Colorado|Truck|2015-2027|WT:31400;LT:35700;Z71:41200',
  ],
  Dodge: [
    'Charger|Car|2012-2023|SXT:33400;GT:36900;R/T:41600',
    'Durango|SUV|2012-2027|SXT:40400;GT:43400;R/T:52600',
    'Grand Caravan|Van|2012-2020|SE:28000;SXT:31000',
  ],
  Ford: [
    'F-150|Truck|2012-2027|XL:38800;XLT:47400;Lariat:64300;Platinum:73800',
    'Escape|SUV|2012-2027|S:29900;SE:32400;Titanium:38700',
    'Explorer|SUV|2012-2027|Base:40100;XLT:43100;Limited:53000;ST:56900',
    'Mustang|Car|2012-2027|EcoBoost:32500;GT:44100',
    'Ranger|Truck|2019-2027|XL:34200;XLT:39600;Lariat:47700',
    'Fusion|Car|2012-2020|S:23200;SE:26800;Titanium:34600',
  ],
  GMC: [
    'Sierra 1500|Truck|2012-2027|Pro:39500;SLE:50400;SLT:62800;Denali:73700',
    'Acadia|SUV|2012-2027|SLE:39900;SLT:47400;Denali:55500',
    'Terrain|SUV|2012-2027|SLE:32100;SLT:36800',
  ],
  Honda: [
    'Civic|Car|2012-2027|LX:24600;Sport:26600;EX:28100;Touring:31800',
    'Accord|Car|2012-2027|LX:28900;Sport:31900;EX-L:33900;Touring:39300',
    'CR-V|SUV|2012-2027|LX:30300;EX:32500;EX-L:35000;Sport Touring:40800',
    'Pilot|SUV|2012-2027|Sport:40500;EX-L:43500;Elite:52500',
    'Odyssey|Van|2012-2027|EX:41100;EX-L:44600;Elite:52400',
  ],
  Hyundai: [
    'Elantra|Car|2012-2027|SE:22100;SEL:23800;Limited:27900',
    'Sonata|Car|2012-2027|SE:27500;SEL:29600;Limited:36400',
    'Tucson|SUV|2012-2027|SE:28700;SEL:30600;Limited:38800',
    'Santa Fe|SUV|2013-2027|SE:33500;SEL:36000;Calligraphy:47200',
  ],
  Jeep: [
    'Wrangler|SUV|2012-2027|Sport:33000;Sahara:45600;Rubicon:49800',
    'Grand Cherokee|SUV|2012-2027|Laredo:38300;Limited:45600;Summit:61900',
    'Cherokee|SUV|2014-2023|Latitude:30500;Limited:36100;Trailhawk:38600',
    'Compass|SUV|2012-2027|Sport:28600;Latitude:31000;Limited:34300',
  ],
  Kia: [
    'Forte|Car|2014-2027|LX:20900;GT-Line:23200',
    'Sorento|SUV|2012-2027|LX:32000;EX:37600;SX:42300',
    'Sportage|SUV|2012-2027|LX:28500;EX:31500;X-Pro:38300',
    'Telluride|SUV|2020-2027|LX:37000;EX:42800;SX:47300',
  ],
  Lexus: [
    'RX|SUV|2012-2027|RX 350:49900;RX 350h:52300;RX 500h:64200',
    'ES|Car|2012-2027|ES 250:42500;ES 350:44100;ES 300h:45200',
    'NX|SUV|2015-2027|NX 250:41000;NX 350:45000',
  ],
  Mazda: [
    'CX-5|SUV|2013-2027|S:29900;Select:31500;Premium:34300;Turbo:39800',
    'Mazda3|Car|2012-2027|S:24200;Select:26300;Premium:29300',
    'CX-9|SUV|2016-2023|Sport:36600;Touring:39300;Signature:48400',
  ],
  'Mercedes-Benz': [
    'C-Class|Car|2012-2027|C 300:47500;AMG C 43:62500',
    'GLC|SUV|2016-2027|GLC 300:49500;AMG GLC 43:65000',
    'GLE|SUV|2016-2027|GLE 350:62600;GLE 450:68600',
  ],
  Nissan: [
    'Altima|Car|2012-2027|S:27000;SV:28400;SR:30900;SL:33700',
    'Rogue|SUV|2012-2027|S:29200;SV:30800;SL:36900',
    'Sentra|Car|2012-2027|S:21600;SV:22700;SR:25900',
    'Frontier|Truck|2012-2027|S:31500;SV:35000;PRO-4X:41700',
    'Pathfinder|SUV|2013-2027|S:37500;SV:40900;Platinum:50300',
  ],
  Ram: [
    '1500|Truck|2012-2027|Tradesman:40900;Big Horn:47100;Laramie:58600;Limited:73400',
    '2500|Truck|2012-2027|Tradesman:47900;Big Horn:54700;Laramie:63700',
    'ProMaster|Van|2014-2027|1500:45200;2500:47500;3500:51600',
  ],
  Subaru: [
    'Outback|Wagon|2012-2027|Base:30000;Premium:32200;Limited:38400;Touring:42300',
    'Forester|SUV|2012-2027|Base:29700;Premium:31600;Sport:34100;Touring:38900',
    'Crosstrek|SUV|2013-2027|Base:26500;Premium:27800;Sport:30800',
    'Impreza|Car|2012-2027|Base:23600;Sport:26300',
  ],
  Tesla: [
    'Model 3|Car|2017-2027|Long Range:42500;Performance:54900',
    'Model Y|SUV|2020-2027|Long Range:44900;Performance:52500',
  ],
  Toyota: [
    'Camry|Car|2012-2027|LE:28900;SE:31000;XLE:34600;XSE:36100',
    'Corolla|Car|2012-2027|L:22400;LE:22900;SE:25300;XSE:28400',
    'RAV4|SUV|2012-2027|LE:29800;XLE:31500;Limited:38300;TRD Off-Road:40900',
    'Tacoma|Truck|2012-2027|SR:32000;SR5:35400;TRD Sport:39100;Limited:52000',
    'Highlander|SUV|2012-2027|LE:39500;XLE:44000;Limited:49200',
    'Tundra|Truck|2012-2027|SR:40100;SR5:47000;Limited:56000;Platinum:64400',
    'Sienna|Van|2012-2027|LE:39100;XLE:45100;Limited:52100',
  ],
  Volkswagen: [
    'Jetta|Car|2012-2027|S:22200;SE:26700;SEL:30600',
    'Tiguan|SUV|2012-2027|S:29200;SE:33200;SEL:38000',
    'Atlas|SUV|2018-2027|SE:38600;SEL:45400;Peak Edition:50300',
  ],
};
