/** Realistic, fictional material for the demo and synthetic applications. */

// prettier-ignore
export const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Steven', 'Emily',
  'Andrew', 'Michelle', 'Joshua', 'Amanda', 'Kevin', 'Melissa', 'Brian', 'Stephanie', 'Luis', 'Rebecca',
  'Jose', 'Laura', 'Ryan', 'Maria', 'Jacob', 'Nicole', 'Gary', 'Angela', 'Nicholas', 'Priya',
  'Eric', 'Mei', 'Jonathan', 'Aisha', 'Samuel', 'Grace', 'Diego', 'Hannah', 'Tyler', 'Sofia',
] as const;

// prettier-ignore
export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Patel', 'Kim', 'Chen', 'Okafor', 'Schmidt', 'Novak', 'Kowalski', 'Yamamoto', 'Haddad', 'Olsen',
] as const;

// prettier-ignore
export const streetNames = [
  'Maple', 'Oak', 'Cedar', 'Pine', 'Elm', 'Aspen', 'Willow', 'Juniper', 'Spruce', 'Birch',
  'Lincoln', 'Washington', 'Jefferson', 'Franklin', 'Madison', 'Highland', 'Lakeview', 'Ridge', 'Canyon', 'Meadow',
] as const;
export const streetSuffixes = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Way', 'Blvd', 'Pl'] as const;

/** Cities with their state, ZIP prefix, phone area code and county. */
export type Place = { city: string; state: string; zip: string; areaCode: string; county: string };
export const coloradoPlaces: Place[] = [
  { city: 'Denver', state: 'CO', zip: '802', areaCode: '303', county: 'Denver' },
  { city: 'Aurora', state: 'CO', zip: '800', areaCode: '720', county: 'Arapahoe' },
  { city: 'Lakewood', state: 'CO', zip: '802', areaCode: '303', county: 'Jefferson' },
  { city: 'Boulder', state: 'CO', zip: '803', areaCode: '303', county: 'Boulder' },
  { city: 'Colorado Springs', state: 'CO', zip: '809', areaCode: '719', county: 'El Paso' },
  { city: 'Fort Collins', state: 'CO', zip: '805', areaCode: '970', county: 'Larimer' },
  { city: 'Golden', state: 'CO', zip: '804', areaCode: '303', county: 'Jefferson' },
  { city: 'Littleton', state: 'CO', zip: '801', areaCode: '720', county: 'Arapahoe' },
];
export const pacificPlaces: Place[] = [
  { city: 'San Diego', state: 'CA', zip: '921', areaCode: '619', county: 'San Diego' },
  { city: 'Long Beach', state: 'CA', zip: '908', areaCode: '562', county: 'Los Angeles' },
  { city: 'Sacramento', state: 'CA', zip: '958', areaCode: '916', county: 'Sacramento' },
  { city: 'Fresno', state: 'CA', zip: '937', areaCode: '559', county: 'Fresno' },
  { city: 'Phoenix', state: 'AZ', zip: '850', areaCode: '602', county: 'Maricopa' },
  { city: 'Tucson', state: 'AZ', zip: '857', areaCode: '520', county: 'Pima' },
  { city: 'Las Vegas', state: 'NV', zip: '891', areaCode: '702', county: 'Clark' },
  { city: 'Portland', state: 'OR', zip: '972', areaCode: '503', county: 'Multnomah' },
];

export const employers = [
  { employer: 'UCHealth', occupation: 'Registered Nurse' },
  { employer: 'Lockheed Martin', occupation: 'Systems Engineer' },
  { employer: 'Denver Public Schools', occupation: 'Teacher' },
  { employer: 'King Soopers', occupation: 'Store Manager' },
  { employer: 'City of Aurora', occupation: 'Firefighter' },
  { employer: 'Ball Corporation', occupation: 'Machinist' },
  { employer: 'Kaiser Permanente', occupation: 'Pharmacist' },
  { employer: 'Wells Fargo', occupation: 'Branch Associate' },
  { employer: 'United Airlines', occupation: 'Flight Attendant' },
  { employer: 'Self', occupation: 'Electrician' },
  { employer: 'U.S. Air Force', occupation: 'Staff Sergeant' },
  { employer: 'Amazon', occupation: 'Operations Supervisor' },
  { employer: 'Target', occupation: 'Logistics Coordinator' },
  { employer: 'State of California', occupation: 'Accountant' },
  { employer: 'Banner Health', occupation: 'Medical Assistant' },
  { employer: 'Intel', occupation: 'Software Developer' },
] as const;

/** Vehicles: make, model, style, body type, typical new price in dollars, and the VIN's manufacturer prefix. */
export const vehicles = [
  { make: 'Toyota', model: 'Camry', style: 'SE Sedan 4D', type: 'AUTO', price: 29_500, wmi: '4T1' },
  { make: 'Toyota', model: 'RAV4', style: 'XLE AWD', type: 'SPORT_UTILITY', price: 34_900, wmi: '2T3' },
  { make: 'Toyota', model: 'Tacoma', style: 'TRD Off-Road Double Cab', type: 'AUTO', price: 42_300, wmi: '3TM' },
  { make: 'Honda', model: 'Civic', style: 'EX Sedan 4D', type: 'AUTO', price: 27_100, wmi: '2HG' },
  { make: 'Honda', model: 'CR-V', style: 'EX-L AWD', type: 'SPORT_UTILITY', price: 36_200, wmi: '7FA' },
  { make: 'Ford', model: 'F-150', style: 'XLT SuperCrew 4WD', type: 'AUTO', price: 52_800, wmi: '1FT' },
  { make: 'Ford', model: 'Escape', style: 'SE AWD', type: 'SPORT_UTILITY', price: 31_400, wmi: '1FM' },
  { make: 'Chevrolet', model: 'Silverado 1500', style: 'LT Crew Cab 4WD', type: 'AUTO', price: 51_600, wmi: '1GC' },
  { make: 'Chevrolet', model: 'Equinox', style: 'LT AWD', type: 'SPORT_UTILITY', price: 30_800, wmi: '3GN' },
  { make: 'Subaru', model: 'Outback', style: 'Premium', type: 'SPORT_UTILITY', price: 32_200, wmi: '4S4' },
  { make: 'Subaru', model: 'Crosstrek', style: 'Sport', type: 'SPORT_UTILITY', price: 29_700, wmi: 'JF2' },
  { make: 'Jeep', model: 'Grand Cherokee', style: 'Limited 4x4', type: 'SPORT_UTILITY', price: 48_900, wmi: '1C4' },
  { make: 'Hyundai', model: 'Tucson', style: 'SEL AWD', type: 'SPORT_UTILITY', price: 31_900, wmi: '5NM' },
  { make: 'Kia', model: 'Telluride', style: 'EX AWD', type: 'SPORT_UTILITY', price: 44_500, wmi: '5XY' },
  { make: 'Tesla', model: 'Model 3', style: 'Long Range AWD', type: 'AUTO', price: 47_200, wmi: '5YJ' },
  { make: 'Harley-Davidson', model: 'Street Glide', style: 'Special', type: 'MOTORCYCLE', price: 29_900, wmi: '1HD' },
] as const;

export const recreationalVehicles = [
  {
    make: 'Winnebago',
    model: 'View 24D',
    style: 'Class C',
    type: 'MOTORHOME',
    family: 'Auto',
    price: 168_000,
    wmi: '3C6',
  },
  {
    make: 'Thor',
    model: 'Four Winds 28A',
    style: 'Class C',
    type: 'MOTORHOME',
    family: 'Auto',
    price: 132_000,
    wmi: '1FD',
  },
  {
    make: 'Airstream',
    model: 'Flying Cloud 25FB',
    style: 'Travel Trailer',
    type: 'TRAVEL_TRAILER',
    family: 'Trailer',
    price: 109_000,
    wmi: '1ST',
  },
  {
    make: 'Grand Design',
    model: 'Imagine 2500RL',
    style: 'Travel Trailer',
    type: 'TRAVEL_TRAILER',
    family: 'Trailer',
    price: 58_000,
    wmi: '573',
  },
  {
    make: 'Jayco',
    model: 'Jay Flight 264BH',
    style: 'Travel Trailer',
    type: 'CAMPING_TRAILER',
    family: 'Trailer',
    price: 36_500,
    wmi: '1UJ',
  },
] as const;

export const boats = [
  {
    make: 'Boston Whaler',
    model: 'Montauk 170',
    length: 17,
    engine: 'Mercury 90 FourStroke',
    price: 48_000,
    hin: 'BWC',
  },
  { make: 'Bayliner', model: 'VR5', length: 19, engine: 'Mercury 150 FourStroke', price: 39_500, hin: 'BNZ' },
  { make: 'Sea Ray', model: 'SPX 210', length: 21, engine: 'MerCruiser 4.5L', price: 62_000, hin: 'SER' },
  { make: 'Tracker', model: 'Pro Team 175 TXW', length: 17, engine: 'Mercury 60 ELPT', price: 24_900, hin: 'BUJ' },
  { make: 'MasterCraft', model: 'NXT22', length: 22, engine: 'Ilmor 6.0L', price: 128_000, hin: 'MBC' },
] as const;

export const colors = ['Silver', 'White', 'Black', 'Gray', 'Blue', 'Red', 'Green', 'Bronze'] as const;
export const insurers = ['State Farm', 'GEICO', 'Progressive', 'Allstate', 'USAA', 'Farmers', 'Nationwide'] as const;
export const lienholders = [
  'Ally Financial',
  'Capital One Auto Finance',
  'Chase Auto',
  'Toyota Financial Services',
  'Santander Consumer',
] as const;
export const companies = [
  { name: 'Front Range Landscaping LLC', naics: '561730', entity: 'LLC' },
  { name: 'Peak Plumbing & Heating Inc.', naics: '238220', entity: 'S_CORPORATION' },
  { name: 'Harborview Courier Services LLC', naics: '492110', entity: 'LLC' },
  { name: 'Desert Sun Solar Installers Inc.', naics: '238210', entity: 'C_CORPORATION' },
] as const;

/** VIN model-year codes (position 10) from 2010. */
// prettier-ignore
export const modelYearCodes: Record<number, string> = {
  2010: 'A', 2011: 'B', 2012: 'C', 2013: 'D', 2014: 'E', 2015: 'F', 2016: 'G', 2017: 'H', 2018: 'J',
  2019: 'K', 2020: 'L', 2021: 'M', 2022: 'N', 2023: 'P', 2024: 'R', 2025: 'S', 2026: 'T', 2027: 'V',
};
