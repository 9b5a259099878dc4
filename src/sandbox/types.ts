/** The sandbox data's shapes (data.ts builds them; the API and the builders read them). */

export type Json = Record<string, unknown>;

export interface BusinessData {
  id: number;
  name: string;
  apiKey: string;
  customers: Json[];
  pets: Json[];
  /** Full booking items, sorted by check-in then id. */
  bookings: Json[];
  customerById: Map<number, Json>;
  petById: Map<number, Json>;
  petsByCustomer: Map<number, Json[]>;
  bookingById: Map<number, Json>;
  bookingByReference: Map<string, Json>;
  bookingsByCustomer: Map<number, Json[]>;
  /** Local (sandbox time zone) check-in and check-out dates → bookings. */
  arrivalsByDate: Map<string, Json[]>;
  departuresByDate: Map<string, Json[]>;
  /** Check-in instants (ms) of `bookings`, in the same order, for range searches. */
  checkInMs: number[];
  /** The longest stay, in ms, so a range search can start early enough. */
  maxStayMs: number;
  /** Hidden from the API: the pet records behind each booking (its free-text petNames may not match). */
  petsByBooking: Map<number, Json[]>;
  /** Hidden from the API: when each customer was last changed (for request.updatedSince). */
  customerUpdatedMs: Map<number, number>;
}

export interface SandboxData {
  seed: number;
  today: string;
  timezone: string;
  businesses: BusinessData[];
  /** Days on which nothing arrives or leaves (today+5, today-12, today+19). */
  emptyDays: string[];
  /** Days of 100+ departures: [today+2], the end of the peak. */
  busyDays: string[];
  /** The 150-pet day (today+2): 150+ pets in house. */
  fullHouseDay: string;
  landmarks: SandboxLandmarks;
  /** Ids of the landmark records in the main business. */
  landmarkIds: LandmarkIds;
}

export interface DataOptions {
  seed: number;
  /** Customers of the main business (the second business gets a tenth, at least 10). */
  customers: number;
  /** Bookings of the main business, busy days excluded; default three per customer. */
  bookings?: number;
  /** Local date taken as today. */
  today: string;
  timezone: string;
  /** Days either side of today. Default 28. */
  windowDays?: number;
}

/** Ids of the landmark records in the main business (they depend on the seed and the size). */
export interface LandmarkIds {
  demoBookingId: number;
  unmatchedBookingId: number;
  messyBookingId: number;
  unknownStatusBookingId: number;
  eveningOnlyPetId: number;
  unmatchedPetId: number;
  biscuitPetIds: number[];
  customerIds: number[];
}

export interface SandboxLandmarks {
  today: string;
  /** 150 pets or more in house, and 100+ departures (the bank-holiday peak: today+1 and today+2). */
  fullHouseDay: string;
  /** SANDBOX_REFERENCES (landmarks.ts): the landmark bookings' references. */
  references: Readonly<Record<"demo" | "unmatched" | "messy" | "unknownStatus", string>>;
  /** The demo booking's pet with an evening dose and no midday one. */
  /** A booking in house today (use it for the preview's `/booking` suggestion). */
  demo: {
    reference: string;
    petNames: string;
    owner: string;
    room: string;
    checkIn: string;
    checkOut: string;
  };
  eveningOnlyPet: { name: string; owner: string; drug: string; reference: string };
  /** On the demo booking: instructions with no midday or evening field, whose words say when. */
  doseWords: {
    reference: string;
    pet: string;
    twiceDaily: string;
    every8Hours: string;
    bedtime: string;
    onceDaily: string;
  };
  unmatched: { reference: string; petNames: string; petName: string; owner: string };
  messy: { reference: string; petNames: string; owner: string; room: string };
  unknownStatus: { reference: string; status: string; date: string };
  emptyDays: string[];
  /** Owners of the landmark Biscuits (every sandbox has more Biscuits, of other owners). */
  biscuitOwners: string[];
}
