import { antechamber } from './antechamber.ts';
import { axe } from './axe.ts';
import { bookOfGates } from './book-of-gates.ts';
import { bookOfTheDead } from './book-of-the-dead.ts';
import { bookOfTheEarth } from './book-of-the-earth.ts';
import { bookOfTheHeavens } from './book-of-the-heavens.ts';
import { bookOfTheNetherworld } from './book-of-the-netherworld.ts';
import { bookOfTraversingEternity } from './book-of-traversing-eternity.ts';
import { bow } from './bow.ts';
import { boxOfFood } from './box-of-food.ts';
import { brooch } from './brooch.ts';
import { burialCeremony } from './burial-ceremony.ts';
import { burialMask } from './burial-mask.ts';
import type { CardProgram } from './card-program.ts';
import { censer } from './censer.ts';
import { chariot } from './chariot.ts';
import { dagger } from './dagger.ts';
import { djedPillarAmulet } from './djed-pillar-amulet.ts';
import { duamutefCanopicJar } from './duamutef-canopic-jar.ts';
import { goddessNut } from './goddess-nut.ts';
import { hapiCanopicJar } from './hapi-canopic-jar.ts';
import { heartScarabAmulet } from './heart-scarab-amulet.ts';
import { houndsAndJackalsGame } from './hounds-and-jackals-game.ts';
import { imsetiCanopicJar } from './imseti-canopic-jar.ts';
import { innerSarcophagus } from './inner-sarcophagus.ts';
import { judgment } from './judgment.ts';
import { kaFigurine } from './ka-figurine.ts';
import { middleSarcophagus } from './middle-sarcophagus.ts';
import { mirrorCase } from './mirror-case.ts';
import { necklace } from './necklace.ts';
import { offeringChapel } from './offering-chapel.ts';
import { outerSarcophagus } from './outer-sarcophagus.ts';
import { peseshKef } from './pesesh-kef.ts';
import { qebehsenuefCanopicJar } from './qebehsenuef-canopic-jar.ts';
import { boat, mummifiedCat, offeringTable } from './reactions.ts';
import { ring } from './ring.ts';
import { senetGame } from './senet-game.ts';
import { shabti } from './shabti.ts';
import { statueOfAnubis } from './statue-of-anubis.ts';
import { statueOfBastet } from './statue-of-bastet.ts';
import { statueOfHorus } from './statue-of-horus.ts';
import { statueOfIsis } from './statue-of-isis.ts';
import { statueOfOsiris } from './statue-of-osiris.ts';
import { statueOfSobek } from './statue-of-sobek.ts';
import { statueOfThoth } from './statue-of-thoth.ts';
import { tyetAmulet } from './tyet-amulet.ts';
import { urn } from './urn.ts';
import { wadjAmulet } from './wadj-amulet.ts';
import { weresAmulet } from './weres-amulet.ts';

export const cardPrograms: readonly CardProgram[] = [
  shabti,
  urn,
  boxOfFood,
  offeringTable,
  boat,
  burialMask,
  censer,
  chariot,
  kaFigurine,
  mummifiedCat,
  bookOfGates,
  bookOfTheDead,
  bookOfTheEarth,
  bookOfTheHeavens,
  bookOfTheNetherworld,
  bookOfTraversingEternity,
  djedPillarAmulet,
  heartScarabAmulet,
  tyetAmulet,
  wadjAmulet,
  weresAmulet,
  duamutefCanopicJar,
  hapiCanopicJar,
  imsetiCanopicJar,
  qebehsenuefCanopicJar,
  innerSarcophagus,
  middleSarcophagus,
  outerSarcophagus,
  statueOfAnubis,
  statueOfBastet,
  statueOfHorus,
  statueOfIsis,
  statueOfOsiris,
  statueOfSobek,
  statueOfThoth,
  // Afterlife
  antechamber,
  axe,
  bow,
  brooch,
  burialCeremony,
  dagger,
  goddessNut,
  houndsAndJackalsGame,
  judgment,
  mirrorCase,
  necklace,
  offeringChapel,
  peseshKef,
  ring,
  senetGame,
];
