// The one source of truth for who the business is and what it claims
// (docs/decisions/0001-one-source-for-business-facts.md, 0002-one-value-per-claim.md).
// Values marked OWNER are examples the owner replaces before launch (see README).

export const business = {
  brand: 'CCC Edu',
  legalName: 'CCC Edu Career Counselling & Coaching',
  tagline: 'From Confusion to Clarity. From Interest to Impact.',
  founder: {
    name: 'Anjali Mehra', // OWNER
    title: 'Founder & Lead Career Coach',
    yearsInHr: '24+',
    credentials: ['SHRM-SCP', 'Certified Life Coach', 'NLP Practitioner', 'Health & Wellness Coach'],
    sectors: ['Telecom', 'Retail', 'Pharma', 'FMCG', 'FMCD', 'Technology'],
    bio:
      'Two decades and more of HR leadership in large telecom and retail companies taught her how careers are really decided: ' +
      'in hiring panels, promotion reviews and restructurings. She now puts that view to work for students, professionals and ' +
      'the employers who want to keep them.',
  },
  contact: {
    phone: '+91 98765 43210', // OWNER
    phoneHref: 'tel:+919876543210', // OWNER
    email: 'hello@cccedu.example', // OWNER
    whatsappNumber: '919876543210', // OWNER, digits only, with country code
    whatsappGreeting: "Hello! I'd like to know more about career counselling with CCC Edu.",
    /** The owner's first WhatsApp message to a lead from the admin's to-do ({name} is the lead's first name). */
    whatsappFollowUp:
      'Hello {name}, this is {founder} from {brand}. Thank you for getting in touch with us. Is now a good time for a short call?',
    address: 'Bengaluru, Karnataka, India', // OWNER
    hours: 'Monday to Friday, 9:00 AM-6:00 PM IST',
    hoursShort: 'Mon-Fri 9 AM-6 PM IST',
    /** The same hours as data, for what counts or offers time (callback due times, call slots). */
    businessHours: { timeZone: 'Asia/Kolkata', weekdays: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' },
  },
  promises: {
    callbackAfterCallHours: 4,
    responseHours: 24,
    rescheduleNoticeHours: 24,
    /** How long the free call is: the one number every page, dialog, invite and mail says. */
    discoveryCallMinutes: 10,
    /** How long a bookable time is held in the calendar (the owner's setting); the call itself is discoveryCallMinutes. */
    calendarSlotMinutes: 30,
    initialConsultationOnHowItWorks: '10-15 minutes',
    moneyBack: '100% money-back guarantee if you are not satisfied after the first session',
    /** Working days within which the owner starts a refund once it is asked for. */
    refundStartWorkingDays: 2, // OWNER
    /** How long Razorpay's normal refunds take to reach the payer's bank, card or UPI account (Razorpay's own figure). */
    refundArrivalWorkingDays: '5-10',
  },
  /** Where disputes about the terms are heard. */
  jurisdictionCity: 'Bengaluru', // OWNER
  claims: {
    professionalsGuided: 3725,
    professionalsGuidedLabel: '3,725+',
    successRatePercent: 94,
    yearsExperience: 24,
    yearsExperienceLabel: '24+',
    corporatePartners: 150,
    countries: '15+',
    support: '24/7',
  },
  partnerPlatform: {
    name: 'Knowledge Gateway',
    stats: [
      { value: '3,50,000+', label: 'students and professionals mentored' },
      { value: '240+', label: 'corporate partners' },
      { value: '350+', label: 'school and college partners' },
      { value: '1000+', label: 'hours of webinars' },
    ],
  },
  aiImpact: [
    { value: '85%', label: 'of jobs expected to be transformed by AI by 2030' },
    { value: '40%', label: 'of current roles likely to be redefined' },
    { value: '2.4x', label: 'faster career growth for people who build AI-era skills' },
    { value: '18M', label: 'new roles expected to emerge in India' },
    { value: '60%', label: 'of workers who will need reskilling' },
  ],
  corporate: {
    minEmployees: '500+',
    childAges: '13-21',
    rollout: '4-6 weeks',
    payback: '6 months',
    averageSavings: '₹2.3 Cr',
    participation: '87%',
    satisfaction: '4.8/5',
    implementations: '50+',
    implementationYears: 3,
  },
} as const;

export type Business = typeof business;

export const whatsappHref = `https://wa.me/${business.contact.whatsappNumber}?text=${encodeURIComponent(business.contact.whatsappGreeting)}`;
export const mailtoHref = `mailto:${business.contact.email}`;

/** The free call as every page, dialog, invite and mail describes it ("a free 10-minute career clarity call by phone"). */
export const discoveryCallPhrase = `a free ${business.promises.discoveryCallMinutes}-minute career clarity call by phone`;
/** The same, to start a sentence. */
export const discoveryCallSentence = `A${discoveryCallPhrase.slice(1)}`;
/** How a promise's hours are said, to the visitor and to the owner alike ("24 business hours (Mon-Fri 9 AM-6 PM IST)"). */
export const businessHoursPhrase = (hours: number) => `${hours} business hours (${business.contact.hoursShort})`;
/** The call back promised after a free call request, with the hours it is counted in ("4 business hours (Mon-Fri 9 AM-6 PM IST)"). */
export const callbackPromisePhrase = businessHoursPhrase(business.promises.callbackAfterCallHours);
/** The reply a message, a package booking or an enquiry is promised, as its form says it. */
export const replyPromiseSentence = `We reply within ${businessHoursPhrase(business.promises.responseHours)}.`;
